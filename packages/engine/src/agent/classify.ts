// Every tool call of a coding agent classified into action, the data it carries and where that
// data goes. Local work (reading, editing, running tests) stays local; the decisions bite on data
// leaving the machine: outbound commands (curl, scp, ssh, nc, git push, publish), web tools,
// MCP servers, subagent prompts. Files an outbound command sends are read (bounded) to see what leaves.
// A call with more to read than the bounds allow is not passed half-read: what was left unread is
// said in `uninspected`, and the hook blocks such a call (fail secure).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Action, DestinationRecord } from '@bytebound/compiler/policy-model';
import { type PlaybookSend, adHocSend, playbookSend } from './ansible-tasks.ts';
import { archiveWrites } from './archive-commands.ts';
import { chartContents, kustomization, manifestsOnly, manifestsWritten, packagedCharts, positionals, printsManifests } from './cluster-manifests.ts';
import { type ComposeCall, COMPOSE_TOOLS, composeCall, composeFiles, composeImage, composeServices, composeVariables } from './compose-files.ts';
import { type BuiltImage, CONTAINER_TOOLS, acrBuild, cloudBuildSource, herokuContainerPush, cloudBuildSubmit, gcloudSourceDeploy, imageBuild, imageContents, imageName, imageRegistry, isDockerfile } from './container-images.ts';
import { DESTINATION_VARIABLE, HOST_LIKE, SENDS_IN_CODE, destinationsInCode, environmentReadIn, withoutDocstrings } from './code-sends.ts';
import { MAX_CURL_CONFIG_DEPTH, curlConfigWords, curlrcPaths, readsCurlrc } from './curl-config.ts';
import { DATABASE_DUMPS, DATABASES, databaseCall, databaseInputFiles, databaseOutputFiles, filesReadInSql, loadCommandFiles, loadsDatabase, loadTargetHost, sqlAction, sqliteFile, storeWrittenTo } from './database-commands.ts';
import { type Redirect, type SimpleCommand, SHELLS, basename, findExecs, optionAndValue, parseCommandLine, readsInput, shellWord, unwrapped } from './bash.ts';
import { type CommandSources, lastValue, optionsEnd, valuesOf, wordsOf } from './option-words.ts';
import { MAX_ARGUMENT_NESTING, MAX_SENT_FILE_BYTES, MAX_SHELL_NESTING, MODEL_PROVIDER_HOST } from './config.ts';
import { type ResolvedDestination, hostOf, resolveDestination } from './destinations.ts';
import { type Finding, detectData } from './detect.ts';
import { API_FIELD_OPTIONS, apiFieldSent, glabSend } from './gitlab-cli.ts';
import { expectShell } from './expect-scripts.ts';
import { modifiedTrackedFiles, type Unpushed, unpushedFiles, wholeTreeAdded } from './git-commits.ts';
import { diffed, fileAtRevision, refGroup, revisionRange, shownObject, treeAtRevision } from './git-revisions.ts';
import { hostingDeploy } from './hosting-deploys.ts';
import { LocalFiles, type Skip } from './local-files.ts';
import { platformCommand, platformRun } from './platform-runs.ts';
import { MAKEFILE_NAMES, makeCall, makeRecipes } from './make-recipes.ts';
import { brokerPublish } from './message-brokers.ts';
import { messageSend } from './message-senders.ts';
import { modelPrompt } from './model-clis.ts';
import { notebookCode, notebookRun } from './notebooks.ts';
import { type OwnFiles, commandTouchesOwnFiles, fileToolTouchesOwnFiles, localPath } from './own-files.ts';
import { BAKE_FILES, type BakeCall, bakeCall, bakeTargets } from './bake-files.ts';
import { type FolderReader, type NpmEnvironment, cargoPublish, npmPack, npmPublish, packageContents } from './published-packages.ts';
import { pythonBuild, pythonPackageContents, pythonPublish } from './python-packages.ts';
import { GEM_PUSH_VALUE_OPTIONS, gemBuild, gemContents, gemPushHost, rakeRelease } from './ruby-gems.ts';
import { dvcAdd, dvcPush } from './dvc-pushes.ts';
import { assetPaths, cdkDeploy, programProviders, pulumiUp } from './infrastructure-apps.ts';
import { hgPushHost, isRepositoryUrl, repositoryCommand, svnRepositoryHost } from './other-repositories.ts';
import { dotnetOutputs, projectText } from './dotnet-builds.ts';
import { jarText, jvmBuild } from './maven-publishes.ts';
import { hexPublish, nugetPush, pubPublish } from './package-publishes.ts';
import { mountedHost, remoteMount } from './remote-mounts.ts';
import { forwardedPort, servedFolder, tunnelledPort } from './served-folders.ts';
import { serviceCall } from './service-clis.ts';
import { serviceSetting } from './service-settings.ts';
import { PACKAGE_MANAGERS, scriptCall, scriptLines } from './package-scripts.ts';
import { splitParts } from './split-files.ts';
import { storageCopy } from './storage-copies.ts';
import { terraformApply } from './terraform-runs.ts';
import { Unread } from './unread.ts';
import { type WebClientCall, listedRequests, webClientCall } from './web-clients.ts';

export type Transfer = ResolvedDestination & { encrypted: boolean };

export type Classification = {
  tool: string;
  action: Action;
  /** What the call does, in words, without any value: "curl POST to api.acme-analytics.io". */
  summary: string;
  /** Data found in what leaves the machine (or, for local work, nothing is scanned). */
  findings: Finding[];
  /** The local files (named as from where the call runs) that hold what was found, at most MAX_FOUND_IN: said to the agent, not logged. */
  foundIn?: string[];
  /** Where data goes; empty for local work. */
  transfers: Transfer[];
  /** What could not be read whole (too long, too deeply nested): a call with any is blocked. */
  uninspected?: string[];
  /** Whether smaller calls would be read whole: every reason in `uninspected` is a size or a count. */
  smallerCallsHelp?: boolean;
  /** Why the call would touch the hook's own files (its key, log, installation or settings): such a call is blocked. */
  touchesOwnFiles?: string;
};

/** The tools whose adds a later command on the line sends: git's, svn's and hg's (other-repositories.ts), dvc's (dvc-pushes.ts). */
type StagingTool = 'git' | 'svn' | 'hg' | 'dvc';

export type ClassifyContext = {
  cwd: string;
  destinations: readonly DestinationRecord[];
  /** Filled while one call is classified: what was left unread. */
  uninspected?: Unread;
  /** The hook's own files, kept from the agent (own-files.ts); none checked when absent. */
  own?: OwnFiles;
  /** How many process substitutions deep a file being read is (`<(cat <(...))`): bounded like shell nesting. */
  depth?: number;
  /** Set while reading a command find -exec or xargs -I runs, or one naming what a `read` took: its `{}` is a file chosen only when it runs. */
  filesAtRunTime?: boolean;
  /** The local files this call has read (each once, within the bounds): made for each call unless given (the hosted MCP endpoint gives one that reads none). */
  files?: LocalFiles;
  /** File descriptors (by number, or by name for `{s}<>`) that an earlier `exec` on the command line opened to a network file (`exec 3<>/dev/tcp/host/80`), and their hosts. */
  sockets?: Map<string, string>;
  /** File descriptors an earlier `exec` on the command line opened to read a file (`exec 3< customers.csv`, `exec < f` for 0), and the files (full paths). */
  inputs?: Map<string, string>;
  /** The images (by name, without a tag) an earlier build on the command line made, and where from: a push after it sends what they hold. */
  images?: Map<string, BuiltImage>;
  /** The paths (full) an earlier `git add` or `git commit` (svn's, hg's and dvc's `add`, hg's `commit PATH`) on the command line takes, found when a push (an svn commit) after it sends them. */
  staged?: { tool: StagingTool; paths: () => string[] }[];
  /** The folders (full paths) a static web server started earlier on the command line serves, by port: a tunnel to that port publishes them. */
  served?: Map<string, string>;
  /** The remote filesystems the command line mounts, by mount point (a full path): what it writes under one goes to that host (remote-mounts.ts). */
  mounts?: Map<string, string>;
  /** How many more scripts (a script file, a package script, an expect script, an ansible play's commands) the call may be read running, shared by the scripts they run in turn. */
  scriptsLeft?: { count: number };
  /** The playbooks the call has read (ansible-tasks.ts), by their command's words and folder: a play that runs plays reads each once. */
  playbooks?: Map<string, PlaybookSend | null>;
};

/** The most scripts one call is read running, counting each time one is run again (a script that runs itself, a play whose commands run plays). */
const MAX_SCRIPT_RUNS = 512;

/** Whether the call may read one more script run: past MAX_SCRIPT_RUNS it is left unread, as too much. */
function anotherScript(ctx: ClassifyContext): boolean {
  if (ctx.scriptsLeft === undefined || ctx.scriptsLeft.count-- > 0) return true;
  ctx.uninspected?.add(`it runs scripts more than ${MAX_SCRIPT_RUNS} times`, true);
  return false;
}

const ACTION_WEIGHT: Record<Action, number> = { process: 0, read: 1, notify: 2, create: 3, modify: 4, delete: 5, share: 6 };
const worse = (a: Action, b: Action): Action => (ACTION_WEIGHT[b] > ACTION_WEIGHT[a] ? b : a);

/** All string values of a JSON value, joined: what an unknown tool would carry. Values nested deeper than MAX_ARGUMENT_NESTING are noted in `uninspected`, not read. */
export function textOf(value: unknown, uninspected?: Unread): string {
  const out: string[] = [];
  const walk = (v: unknown, depth: number): void => {
    if (depth > MAX_ARGUMENT_NESTING) {
      uninspected?.add(`its arguments are nested more than ${MAX_ARGUMENT_NESTING} levels deep`);
      return;
    }
    if (typeof v === 'string') out.push(v);
    else if (typeof v === 'number' || typeof v === 'boolean') out.push(String(v));
    else if (Array.isArray(v)) for (const item of v) walk(item, depth + 1);
    else if (v && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        out.push(`${k}:`);
        walk(item, depth + 1);
      }
    }
  };
  walk(value, 0);
  return out.join('\n');
}

/** The data found in a text that leaves the machine, read whole (in windows: detectData). */
function dataIn(text: string): Finding[] {
  // Data sent URL-encoded (email=jane.doe%40acme-corp.com) is the same data: each encoded word is also read decoded.
  // Words are split first: a regular expression looking for a `%` inside long words backtracks over each (minutes on a 1 MB line).
  const encoded = text.includes('%') ? text.split(/[\s"'&=?]+/).filter((word) => /%[0-9a-f]{2}/i.test(word)) : [];
  const decoded = encoded.map(percentDecoded).filter((word, i) => word !== encoded[i]);
  // So is data a receiver reads back as written: JSON and JavaScript escapes (jane.doe\u0040acme-corp.com), HTML
  // character references (&#64;, &commat;) and full-width or other compatibility characters (＠). A text with none
  // of these is not split (a text beyond ASCII normalises as it is: no compatibility character in it).
  const escaped = ESCAPED.test(text);
  const compatible = BEYOND_ASCII.test(text) && text.normalize('NFKC') !== text;
  if (escaped || compatible) {
    for (const word of text.split(/[\s"'=?]+/)) {
      if (!(escaped && ESCAPED.test(word)) && !(compatible && BEYOND_ASCII.test(word))) continue;
      const read = readBack(word);
      if (read !== word) decoded.push(read);
    }
  }
  // And data sent base64-encoded (`-d amFuZS5kb2VAYWNtZS1jb3JwLmNvbQ==`, a JSON field's content): a
  // run of its alphabet that decodes to text is read decoded. A run with dots in it is not: a JWT is
  // passed back to the service that issued it, not data sent (and host and file names have dots).
  for (const m of text.matchAll(BASE64_RUN)) {
    const read = m[0].includes('.') ? null : base64Text(m[0]);
    if (read !== null) decoded.push(read);
  }
  const scanned = decoded.length === 0 ? text : `${text}\n${decoded.join('\n')}`;
  // Each value once: the same address read twice (written to a file and then sent, encoded and decoded) is one address.
  const seen = new Set<string>();
  return detectData(scanned).filter((f) => {
    const key = `${f.kind}\0${f.category ?? ''}\0${scanned.slice(f.start, f.end)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * A run of the base64 alphabet (standard or URL-safe) long enough to carry an address, with its
 * padding; dots are taken in to tell a JWT. A longer run is read in pieces of 4,096 characters (a
 * multiple of 4: each decodes on its own), which also bounds the matcher's backtracking.
 */
const BASE64_RUN = /[A-Za-z0-9+/_.-]{16,4096}={0,2}/g;
/** Characters no text holds: controls other than tab and line ends, and U+FFFD, what invalid UTF-8 decodes to. */
const NOT_TEXT = /[\0-\x08\x0e-\x1f\x7f\ufffd]/;

/** What a base64 word decodes to, when that is text (not bytes of a binary, not the garbage an ordinary word decodes to); null otherwise. */
function base64Text(word: string): string | null {
  const text = Buffer.from(word, 'base64').toString('utf8');
  // A piece of a longer run may start or end inside a character.
  return text.length > 0 && !NOT_TEXT.test(text.replace(/^\ufffd{1,3}|\ufffd{1,3}$/g, '')) ? text : null;
}

const ESCAPED = /\\[ux@]|&#|&commat;/i;
const BEYOND_ASCII = /[^\0-\x7f]/;

/** `word` as the program that receives it reads it: escapes and character references replaced, compatibility characters normalised (NFKC). */
function readBack(word: string): string {
  const character = (code: number, written: string) => (code <= 0x10ffff ? String.fromCodePoint(code) : written);
  let read = word;
  if (read.includes('\\')) {
    // `\@` too: Perl's and Ruby's strings escape the @ of an address (`"jane\@acme.com"`).
    read = read.replace(/\\u\{([0-9a-f]{1,6})\}|\\u([0-9a-f]{4})|\\x([0-9a-f]{2})|\\@/gi, (written, braced?: string, four?: string, two?: string) =>
      written === '\\@' ? '@' : character(parseInt(braced ?? four ?? two!, 16), written),
    );
  }
  if (read.includes('&')) {
    read = read.replace(/&#x([0-9a-f]{1,6});?|&#(\d{1,7});?|&commat;/gi, (written, hex?: string, decimal?: string) =>
      hex === undefined && decimal === undefined ? '@' : character(hex !== undefined ? parseInt(hex, 16) : Number(decimal), written),
    );
  }
  return BEYOND_ASCII.test(read) ? read.normalize('NFKC') : read;
}

function percentDecoded(word: string): string {
  return word.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/** Why a call that sends files named only at run time (`{}` of find -exec, xargs) is blocked. */
const RUN_TIME_FILES = 'it sends files that are chosen only when it runs ({} of find -exec or xargs, a name `read` takes)';

/** A word that is a whole <( ... ) process substitution: a file holding its commands' output. */
const READ_SUBSTITUTION = /^<\((.*)\)$/s;

/**
 * What a file an outbound command names holds: a path, a glob or brace list of paths, a <( )
 * substitution's output, or a descriptor an earlier `exec 3< file` opened (`cat /dev/fd/3`; a
 * command's own `3< file` is fileOrDescriptor's); with `folders` (a command that sends folders
 * whole), a folder's files too.
 */
function readSentFile(file: string, ctx: ClassifyContext, folders?: { folders: true; skip?: Skip }): string {
  const substituted = READ_SUBSTITUTION.exec(file);
  if (substituted) return outputOfLine(substituted[1]!, { ...ctx, depth: (ctx.depth ?? 0) + 1 });
  const descriptor = DESCRIPTOR_FILE.exec(file)?.[1];
  if (descriptor !== undefined) {
    const opened = ctx.inputs?.get(descriptor);
    return opened === undefined ? '' : readSentFile(opened, ctx, folders);
  }
  // `find ... -exec curl -T {} host`, `xargs -I{} curl -d @{} host`: the file is chosen only when it runs.
  if (ctx.filesAtRunTime && file.includes('{}')) {
    ctx.uninspected?.add(RUN_TIME_FILES);
    return '';
  }
  return (ctx.files ?? new LocalFiles()).read(file, ctx.cwd, ctx.uninspected ?? new Unread(), folders);
}

function transferTo(host: string, ctx: ClassifyContext, encrypted: boolean): Transfer {
  return { ...resolveDestination(host, ctx.destinations), encrypted };
}

/** The environment npm reads its config with (environmentOf), and the home folder of the user's .npmrc. */
function npmEnvironment(cmd: SimpleCommand, ctx: ClassifyContext): NpmEnvironment {
  const env = environmentOf(cmd, ctx);
  return { env, home: env.HOME || os.homedir() };
}

/** readSentFile as a publish or an image build reads its package's files: from a folder, folders whole less what `skip` leaves out. */
const folderReader =
  (ctx: ClassifyContext): FolderReader =>
  (word, folder, skip) =>
    readSentFile(word, { ...ctx, cwd: folder }, skip ? { folders: true, skip } : undefined);

/** `git push`'s options that take the next word as a value. */
const GIT_PUSH_VALUE_OPTIONS = new Set(['--repo', '--receive-pack', '--exec', '-o', '--push-option']);
/** `git commit`'s options that take the next word as a value (its other words are the paths it commits). */
const GIT_COMMIT_VALUE_OPTIONS = new Set(['-m', '--message', '-F', '--file', '-C', '--reuse-message', '-c', '--reedit-message', '--author', '--date', '--fixup', '--squash', '-t', '--template', '--cleanup', '--trailer', '--pathspec-from-file']);

/** Programs that pass on what they read (transformed, compressed or encoded, but the data is still in it). */
const PASS_THROUGH = new Set([
  'cat', 'head', 'tail', 'gzip', 'zcat', 'gunzip', 'bzip2', 'xz', 'zstd', 'base64', 'tee', 'sort', 'uniq', 'tr', 'cut', 'sed', 'awk', 'jq', 'iconv', 'openssl',
  'grep', 'egrep', 'fgrep', 'rg', 'tar', 'zip', 'gpg', 'gpg2', 'age', 'xxd', 'od', 'hexdump', 'strings', 'paste', 'nl', 'fold', 'rev', 'column',
  'tac', 'shuf', 'pv', 'bat', 'batcat', 'expand', 'unexpand', 'dos2unix', 'unix2dos', 'diff', 'base32', 'basenc', 'uuencode', 'brotli', 'pigz', 'lz4',
  'csvjson', 'csvcut', 'csvformat', 'csvgrep', 'csvlook', 'csvsort', 'in2csv', 'mlr', 'xsv', 'qsv', 'yq', 'sqlite-utils',
]);
/** Programs that write a count, a digest or a file's metadata of what they read, not what it holds. */
const COUNTS_AND_DIGESTS = new Set(['wc', 'md5sum', 'sha1sum', 'sha224sum', 'sha256sum', 'sha384sum', 'sha512sum', 'b2sum', 'cksum', 'sum', 'shasum', 'stat', 'du', 'file']);
/** Of those, the greps: with -r they read a folder whole. */
const GREPS = new Set(['grep', 'egrep', 'fgrep', 'rg']);
/** readSentFile's option for a command that sends or packs folders whole. */
const WHOLE = { folders: true } as const;
/** Pipeline stages followed back from a command's stdin: bounds the work on a pathological pipeline. */
const MAX_PIPE_STAGES = 16;

/** What an archiver packs: its sources, folders whole, each read from where it is named. */
function packed(sources: readonly { word: string; cwd: string }[], ctx: ClassifyContext): string {
  return sources.map(({ word, cwd }) => readSentFile(word, { ...ctx, cwd }, WHOLE)).join('\n');
}

/** Names a command is given for its standard input. */
const STDIN_WORDS = new Set(['-', '/dev/stdin', '/dev/fd/0', '/proc/self/fd/0']);

/** A file name that stands for one of the command's descriptors (`/dev/fd/3`, `/proc/self/fd/3`): its number. */
const DESCRIPTOR_FILE = /^\/(?:dev\/fd|proc\/self\/fd)\/(\d+)$/;

/**
 * What a file word names: the command's input for `-` or /dev/stdin, the file a descriptor is open on
 * for `/dev/fd/3` (`exec 3< customers.csv; curl -T /dev/fd/3 ...`), else the file (readSentFile).
 */
function fileOrStdin(word: string, cmd: SimpleCommand, ctx: ClassifyContext, folders?: { folders: true }): string {
  return STDIN_WORDS.has(word) ? stdinOf(cmd, ctx) : fileOrDescriptor(word, cmd, ctx, folders);
}

/** The file a word names (readSentFile), or for `/dev/fd/3` or `/proc/self/fd/3`, the file that descriptor is open on (openedFor). */
function fileOrDescriptor(word: string, cmd: SimpleCommand, ctx: ClassifyContext, folders?: { folders: true }): string {
  const fd = DESCRIPTOR_FILE.exec(word)?.[1];
  if (fd === undefined) return readSentFile(word, ctx, folders);
  const opened = openedFor(fd, cmd, ctx);
  return opened === undefined ? '' : readSentFile(opened, ctx, folders);
}

/**
 * The file a command's descriptor is open on for reading: its own `3< file` or `3<> file` (the last
 * one), or else the file an earlier `exec 3< file` opened; undefined when none is.
 */
function openedFor(fd: string, cmd: SimpleCommand, ctx: ClassifyContext): string | undefined {
  let own: string | undefined;
  for (const r of cmd.redirects) if ((r.op === '<' || r.op === '<>') && (r.fd ?? '0') === fd) own = r.target;
  return own ?? ctx.inputs?.get(fd);
}

/** What a command's stdin carries: a heredoc, a here-string, `< file`, or what the commands piped into it write. */
function stdinOf(cmd: SimpleCommand, ctx: ClassifyContext, stages = 0): string {
  const parts: string[] = [];
  if (cmd.stdin !== null) parts.push(cmd.stdin);
  for (const r of cmd.redirects) {
    // `< file`, and `<> file`, which opens it for reading too.
    if (r.op === '<' || (r.op === '<>' && (r.fd ?? '0') === '0')) parts.push(fileOrDescriptor(r.target, cmd, ctx));
    // `<&3`: a file an earlier `exec 3< file` (or `exec 3<> file`) opened.
    const opened = r.op === '<&' && (r.fd ?? '0') === '0' ? openedFor(descriptorNamed(r.target) ?? '', cmd, ctx) : undefined;
    if (opened !== undefined) parts.push(readSentFile(opened, ctx));
  }
  // A command with no input of its own reads the file `exec < file` gave the commands after it.
  const ownInput = cmd.stdin !== null || cmd.pipedFrom !== null || cmd.redirects.some(readsInput);
  const given = ownInput ? undefined : ctx.inputs?.get('0');
  if (given !== undefined) parts.push(readSentFile(given, ctx));
  if (cmd.pipedFrom && stages < MAX_PIPE_STAGES) parts.push(outputOf(cmd.pipedFrom, ctx, stages + 1));
  return parts.join('\n');
}

/** What a command writes: the files and input a pass-through program reads, or (echo, printf, anything else) its arguments. */
function outputOf(cmd: SimpleCommand, ctx: ClassifyContext, stages = 0): string {
  const program = basename(cmd.argv[0] ?? '');
  const operands = cmd.argv.slice(1).filter((a) => !a.startsWith('-'));
  // A copy writes its sources (`cp file >(nc host 80)`, `dd if=file of=>(...)`); a find, what the commands it runs write.
  if (program === 'cp' || program === 'install') return operands.slice(0, -1).map((file) => readSentFile(file, ctx, WHOLE)).join('\n');
  if (program === 'dd') {
    const input = operands.find((a) => a.startsWith('if='));
    return input === undefined ? stdinOf(cmd, ctx, stages) : readSentFile(input.slice(3), ctx);
  }
  if (DATABASES.has(program) || DATABASE_DUMPS.has(program)) return databaseOutput(cmd, ctx);
  const saved = savedImages(program, cmd.argv.slice(1));
  if (saved !== null && saved.output === null) return savedImagesText(saved.images, ctx);
  // A client-side dry run writes what it would send (`kubectl create configmap --from-file=c.csv --dry-run=client -o yaml`);
  // `helm template`, `kubectl kustomize` and `kustomize build`, what an install or an apply of theirs would.
  if (Object.hasOwn(CLOUD_CLIS, program) && (clientDryRun(cmd.argv) || printsManifests(SAME_WORDS_AS[program] ?? program, cmd.argv.slice(1)))) return cloudCliSends(program, CLOUD_CLIS[program]!, cmd.argv.slice(1), cmd, ctx)?.sent.join('\n') ?? '';
  if (program === 'kustomize') return kustomizeBuildOutput(cmd.argv.slice(1), ctx);
  if (program === 'git') return gitOutput(cmd.argv.slice(1), ctx);
  // A script writes what its commands write (`bash export.sh |`, `./export.sh |`, `npm run export |`, `make export |`).
  const run = scriptRun(cmd, ctx);
  if (run !== null && 'shell' in run) {
    const depth = (ctx.depth ?? 0) + 1;
    if (depth <= MAX_SHELL_NESTING) return anotherScript(ctx) ? outputOfLine(run.shell, { ...ctx, depth, ...(run.cwd === undefined ? {} : { cwd: run.cwd }) }) : '';
    ctx.uninspected?.add(`it runs scripts nested more than ${MAX_SHELL_NESTING} deep`);
    return '';
  }
  // Code writes what it reads (`python3 export.py |`, `./export.py |`, `node -e "...readFileSync(...)" >`).
  const argv = run?.argv ?? cmd.argv;
  if (INTERPRETER.test(basename(argv[0] ?? ''))) {
    const { operands, script } = interpreterRun(basename(argv[0]!), argv.slice(1));
    return scriptReach(script !== null ? scriptText(script, ctx) : argv.slice(1).join(' '), operands, script, cmd, ctx, stages);
  }
  const runs = program === 'find' ? findExecs(cmd.argv) : [];
  if (runs.length > 0) return runs.map((argv) => outputOf({ ...cmd, argv }, { ...ctx, filesAtRunTime: true }, stages)).join('\n');
  // A wrapped command writes what the command it wraps writes (`setsid cat file |`, `su -c 'cat file' |`, `poetry run cat file |`,
  // `docker run -v .:/d alpine cat /d/file |`, `heroku pg:psql -c "select ..." |`).
  if (stages < MAX_PIPE_STAGES) {
    const run = unwrapped(cmd, ctx.uninspected ?? new Unread());
    if (run.length !== 1 || run[0]!.argv !== cmd.argv) return outputOfCommands(run, ctx, stages + 1);
  }
  // `... | xargs cat |`: the files are the names that come in when it runs.
  if (cmd.argsFromStdin && PASS_THROUGH.has(program)) ctx.uninspected?.add(RUN_TIME_FILES);
  if (PASS_THROUGH.has(program)) {
    // A >( ) it writes into is not a file it reads.
    const words = cmd.argv.slice(1).filter((a) => !a.startsWith('>('));
    const files = words.filter((a) => !a.startsWith('-'));
    // An archiver writing to its output reads what it packs (`tar czf - -C data .`); a grep that recurses, the folders it is given.
    const packs = archiveWrites(cmd.argv, ctx.cwd).filter((pack) => pack.file === '-');
    const recurses = program === 'rg' || (GREPS.has(program) && words.some((a) => /^-[a-zA-Z]*[rR]|^--(?:recursive|dereference-recursive)$/.test(a)));
    const read = [...(packs.length > 0 ? packs.map((pack) => packed(pack.sources, ctx)) : files.map((file) => readSentFile(file, ctx, recurses ? WHOLE : undefined))), stdinOf(cmd, ctx, stages)].join('\n');
    // Its words may be text it writes too: a jq filter (`jq -n '{email: ...}'`), an awk program, a sed replacement.
    // `base64 -d` writes what it reads decoded.
    const decodes = program === 'base64' && words.some((a) => a === '-d' || a === '--decode' || a === '-D');
    return [words.join(' '), substitutedOutput(cmd, ctx), read, ...(decodes ? [base64Text(read) ?? ''] : [])].join('\n');
  }
  // A count or a digest of what it reads (`wc -l < customers.csv`, `sha256sum customers.csv`) holds none of it: its words only.
  if (COUNTS_AND_DIGESTS.has(program)) return cmd.argv.slice(1).join(' ');
  // printf and echo -e turn \n and \t into the characters (`printf 'put file\n' | sftp host`).
  const escapes = program === 'printf' || (program === 'echo' && cmd.argv.slice(1).some((a) => /^-[a-zA-Z]*e[a-zA-Z]*$/.test(a)));
  const words = cmd.argv.slice(1).join(' ');
  return [escapes ? words.replace(/\\n/g, '\n').replace(/\\t/g, '\t') : words, substitutedOutput(cmd, ctx), stdinOf(cmd, ctx, stages)].join('\n');
}

/**
 * What the command substitutions in a command's own words and heredoc write (`"$(cat -- file |
 * base64)"`, `` `grep x file` ``): what the command sends or writes holds their output. The text of
 * a file it reads is not the shell's to expand: a README's `` `cat customers.csv` `` runs nothing.
 */
function substitutedOutput(cmd: SimpleCommand, ctx: ClassifyContext): string {
  return substitutedIn(cmd.stdin === null ? cmd.argv.join(' ') : `${cmd.argv.join(' ')}\n${cmd.stdin}`, ctx);
}

/** What the command substitutions in `text` write. */
function substitutedIn(text: string, ctx: ClassifyContext): string {
  // Each substitution once (the same one twice writes the same), and no more than a call's files may hold.
  const outputs: string[] = [];
  let length = 0;
  for (const line of new Set([...text.matchAll(/\$\(([^()]*)\)|`([^`]*)`/g)].map((m) => m[1] ?? m[2]!))) {
    const output = outputOfLine(line, ctx);
    length += output.length;
    if (length > MAX_SENT_FILE_BYTES) {
      ctx.uninspected?.add(`what its command substitutions write is larger than ${MAX_SENT_FILE_BYTES / 1_048_576} MB`, true);
      break;
    }
    outputs.push(output);
  }
  return outputs.join('\n');
}

/** What a command line writes. */
function outputOfLine(line: string, ctx: ClassifyContext): string {
  return outputOfCommands(parseCommandLine(line, ctx.depth ?? 0, ctx.uninspected), ctx);
}

/** What commands write: each pipeline's output is its last command's, which follows the pipe back to the files read. */
function outputOfCommands(commands: readonly SimpleCommand[], ctx: ClassifyContext, stages = 0): string {
  // A command is known by its words: unwrapping copies it, its words stay the same array.
  const piped = new Set(commands.flatMap((cmd) => (cmd.pipedFrom ? [cmd.pipedFrom.argv] : [])));
  return commands
    .filter((cmd) => !piped.has(cmd.argv))
    .map((cmd) => outputOf(cmd, ctx, stages))
    .join('\n');
}

type CommandView = {
  action: Action;
  summary: string;
  sent: string[];
  /** Code the program runs that is sent too (a script's text and the files it names): read as data, never as shell words. */
  code?: string;
  hosts: { host: string; encrypted: boolean }[];
  /** Commands the program runs on this machine besides (an ansible play for localhost): read as a script the line runs. */
  runsHere?: { shell: string; path: string };
};

const CURL_VALUE_OPTIONS = new Set([
  '-d', '--data', '--data-raw', '--data-binary', '--data-ascii', '--data-urlencode', '--json', '-F', '--form', '--form-string', '-T', '--upload-file',
  '-H', '--header', '-X', '--request', '-o', '--output', '-u', '--user', '-A', '--user-agent', '-e', '--referer', '-b', '--cookie', '-c', '--cookie-jar',
  '-K', '--config', '--connect-timeout', '-m', '--max-time', '--retry', '-w', '--write-out', '-x', '--proxy', '--cacert', '--cert', '--key', '-E',
  '--url', '--resolve', '--max-filesize', '-r', '--range', '-y', '-Y', '-z', '--limit-rate', '--interface', '-Q', '--quote', '--url-query', '--connect-to',
]);
const CURL_DATA = new Set(['-d', '--data', '--data-raw', '--data-binary', '--data-ascii', '--data-urlencode', '--json', '-F', '--form', '--form-string']);
/** Options whose value is sent in the URL itself (a GET carries it too). */
const CURL_URL_DATA = new Set(['--url-query']);

/** A host name or address as it may stand in a URL: anything else is a value, never shown as a destination. */
const HOST_NAME = /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?\.)*[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?\.?$|^\[[0-9a-f:.]+\]$/i;

/** The hosts of a command's URL operands (a word that names no host is data it sends, and is scanned as such). */
function hostsOf(urls: readonly string[]): { host: string; encrypted: boolean }[] {
  return urls.flatMap((u) => {
    const host = hostOf(u.includes('://') ? u : `http://${u}`);
    return host !== null && HOST_NAME.test(host) ? [{ host, encrypted: /^https:/i.test(u) }] : [];
  });
}

function curlView(cmd: SimpleCommand, ctx: ClassifyContext): CommandView {
  const urls: string[] = [];
  const sent: string[] = [];
  let method = '';
  let upload = false;
  const take = (option: string, value: string) => {
    if (CURL_DATA.has(option)) {
      upload = true;
      const v = option === '-F' || option === '--form' ? value.slice(value.indexOf('=') + 1) : value;
      // `--data-urlencode name@file` reads the file too.
      const named = option === '--data-urlencode' ? /^[^=@]*@(.+)$/.exec(v) : null;
      if (named) sent.push(fileOrStdin(named[1]!, cmd, ctx));
      else if ((v.startsWith('@') || v.startsWith('<')) && option !== '--form-string' && option !== '--data-raw') sent.push(fileOrStdin(v.slice(1).split(';')[0]!, cmd, ctx));
      else sent.push(v);
    } else if (option === '-T' || option === '--upload-file') {
      upload = true;
      sent.push(fileOrStdin(value, cmd, ctx));
    } else if (CURL_URL_DATA.has(option)) sent.push(value);
    // Where the bytes really go: a proxy, a --connect-to target, a Host header.
    else if (option === '-x' || option === '--proxy') urls.push(value);
    else if (option === '--connect-to') urls.push(value.split(':')[2] ?? '');
    else if ((option === '-H' || option === '--header') && /^host\s*:/i.test(value)) {
      urls.push(value.slice(value.indexOf(':') + 1).trim());
      sent.push(value);
    } else if (option === '-X' || option === '--request') method = value.toUpperCase();
    else if (option === '--url') urls.push(value);
    else if (option === '-H' || option === '--header' || option === '-u' || option === '--user' || option === '-b' || option === '--cookie') sent.push(value);
  };
  const argv = curlWords(cmd, ctx);
  for (let k = 1; k < argv.length; k++) {
    const a = argv[k]!;
    if (a.startsWith('--')) {
      const [name, inline] = optionAndValue(a);
      if (CURL_VALUE_OPTIONS.has(name)) take(name, inline ?? argv[++k] ?? '');
    } else if (a.startsWith('-') && a.length > 1) {
      // Short options cluster (-sSL); the first that takes a value takes the rest or the next word.
      for (let j = 1; j < a.length; j++) {
        const option = `-${a[j]}`;
        if (CURL_VALUE_OPTIONS.has(option)) {
          take(option, j + 1 < a.length ? a.slice(j + 1) : (argv[++k] ?? ''));
          break;
        }
      }
    } else urls.push(a);
  }
  const share = upload || method === 'POST' || method === 'PUT' || method === 'PATCH';
  sent.push(...urls);
  const hosts = hostsOf(urls);
  // A URL named by a variable the line does not set (`curl -d @f "$API_URL/in"`): where it sends is known only when it runs,
  // and is judged as a destination of that name, which no policy records.
  for (const url of share ? urls : []) {
    const variable = /^\$\{?\w+\}?/.exec(url);
    if (variable) hosts.push({ host: variable[0], encrypted: false });
  }
  const verb = method || (upload ? 'POST' : 'GET');
  return { action: share ? 'share' : method === 'DELETE' ? 'delete' : 'read', summary: `${basename(argv[0]!)} ${verb} to ${hosts.map((h) => h.host).join(', ') || 'no host'}`, sent, hosts };
}

/**
 * curl's words with its config files' options in their place (`-K up.cfg`, `--config=up.cfg`, `-K -`
 * on its input, and the configs those name), after those of the user's `.curlrc` (the first curl
 * finds) unless the first argument is `-q` (readsCurlrc).
 */
function curlWords(cmd: SimpleCommand, ctx: ClassifyContext): string[] {
  const argv = cmd.argv;
  const words = [argv[0]!];
  /** The config files read so far: each once. */
  const read = new Set<string>();
  // Only where the call was made: elsewhere (the hosted MCP endpoint) the agent's .curlrc is not here to read.
  if (readsCurlrc(argv) && ctx.files?.onThisMachine !== false) {
    // Where it looks: the environment the line gives curl (`CURL_HOME=/x curl ...`, an export earlier on it) over the hook's.
    const env = environmentOf(cmd, ctx);
    const rc = curlrcPaths(env, env.HOME || os.homedir()).map((file) => ({ file, text: readSentFile(file, ctx) })).find(({ text }) => text !== '');
    if (rc) {
      read.add(localPath(rc.file, ctx.cwd));
      for (const word of withCurlConfigs(curlConfigWords(rc.text), cmd, ctx, 1, read)) words.push(word);
    }
  }
  // Word by word: a config of many lines gives more words than a call's arguments can be (`push(...words)` would throw).
  for (const word of withCurlConfigs(argv.slice(1), cmd, ctx, 0, read)) words.push(word);
  return words;
}

/**
 * curl options with each config file they name read in its place: a config may name another (`config =
 * "inner.cfg"`, `-K inner.cfg`), read up to MAX_CURL_CONFIG_DEPTH deep. A config already `read` (one
 * naming itself, or named twice) is not read again: its options are among the words already, and
 * configs naming one another many times over stay one read each.
 */
function withCurlConfigs(args: readonly string[], cmd: SimpleCommand, ctx: ClassifyContext, depth: number, read: Set<string>): string[] {
  const words: string[] = [];
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    const [name, inline] = optionAndValue(a);
    // `-K file`, `-Kfile`, or the last of a cluster of flags (`-sK file`).
    const short = a.startsWith('-') && !a.startsWith('--') ? [...a.slice(1)].findIndex((c) => CURL_VALUE_OPTIONS.has(`-${c}`)) + 1 : 0;
    const clustered = short > 0 && a[short] === 'K';
    const config = name === '--config' ? (inline ?? args[++k]) : clustered ? (a.length > short + 1 ? a.slice(short + 1) : args[++k]) : undefined;
    if (config === undefined) {
      words.push(a);
      continue;
    }
    if (short > 1) words.push(a.slice(0, short));
    const full = STDIN_WORDS.has(config) ? '-' : localPath(config, ctx.cwd);
    if (read.has(full)) continue;
    read.add(full);
    if (depth >= MAX_CURL_CONFIG_DEPTH) ctx.uninspected?.add(`its curl config files name one another more than ${MAX_CURL_CONFIG_DEPTH} deep`);
    else for (const word of withCurlConfigs(curlConfigWords(fileOrStdin(config, cmd, ctx)), cmd, ctx, depth + 1, read)) words.push(word);
  }
  return words;
}

function wgetView(cmd: SimpleCommand, ctx: ClassifyContext): CommandView {
  const urls: string[] = [];
  const sent: string[] = [];
  let share = false;
  const argv = cmd.argv;
  for (let k = 1; k < argv.length; k++) {
    const a = argv[k]!;
    const [name, inline] = optionAndValue(a);
    const value = () => inline ?? argv[++k] ?? '';
    if (name === '--post-data' || name === '--body-data') {
      share = true;
      sent.push(value());
    } else if (name === '--post-file' || name === '--body-file') {
      share = true;
      sent.push(readSentFile(value(), ctx));
    } else if (name === '--method') share ||= /^(POST|PUT|PATCH)$/i.test(value());
    else if (name === '--header') sent.push(value());
    else if (['-O', '-o', '-P', '--output-document', '-U', '--user-agent', '-t', '-T'].includes(name)) {
      if (inline === undefined) k++;
    } else if (!a.startsWith('-')) urls.push(a);
  }
  sent.push(...urls);
  const hosts = hostsOf(urls);
  return { action: share ? 'share' : 'read', summary: `wget ${share ? 'POST' : 'GET'} to ${hosts.map((h) => h.host).join(', ')}`, sent, hosts };
}

const SSH_VALUE_OPTIONS = new Set(['-p', '-P', '-i', '-l', '-o', '-F', '-J', '-L', '-R', '-D', '-b', '-c', '-E', '-m', '-O', '-Q', '-S', '-W', '-w', '-e']);

function copyView(cmd: SimpleCommand, ctx: ClassifyContext): CommandView {
  const program = basename(cmd.argv[0]!);
  const operands: string[] = [];
  for (let k = 1; k < cmd.argv.length; k++) {
    const a = cmd.argv[k]!;
    if (a.startsWith('-')) {
      if (SSH_VALUE_OPTIONS.has(a) || (program === 'rsync' && ['--exclude', '--include', '--rsh', '--port'].includes(a)) || (program === 'pscp' && (a === '-pw' || a === '-hostkey'))) k++;
    } else operands.push(a);
  }
  const remote = (o: string) => hostOf(o) !== null && !o.startsWith('/') && !o.startsWith('.');
  const target = operands[operands.length - 1] ?? '';
  if (operands.length >= 2 && remote(target)) {
    const sources = operands.slice(0, -1).filter((o) => !remote(o));
    const sent = sources.map((s) => readSentFile(s, ctx, WHOLE));
    return { action: 'share', summary: `${program} upload to ${hostOf(target)}`, sent, hosts: [{ host: hostOf(target)!, encrypted: true }] };
  }
  const from = operands.find(remote);
  return { action: 'read', summary: `${program} download${from ? ` from ${hostOf(from)}` : ''}`, sent: [], hosts: from ? [{ host: hostOf(from)!, encrypted: true }] : [] };
}

/**
 * ansible's tasks (ansible-tasks.ts): an ad-hoc `ansible PATTERN -m copy -a "src=customers.csv
 * dest=/tmp/"` or an `ansible-playbook site.yml` sends the files its copies name (a folder whole),
 * their text and the commands they run to the hosts they run on; on this machine, nothing.
 */
function ansibleView(program: string, cmd: SimpleCommand, ctx: ClassifyContext): CommandView {
  const args = cmd.argv.slice(1);
  // A playbook is read once for the call, by its words and folder.
  const playbook = (): PlaybookSend | null => {
    const key = `${ctx.cwd}\0${args.join('\0')}`;
    const read = (file: string) => readSentFile(file, ctx, WHOLE);
    if (ctx.playbooks === undefined) return playbookSend(args, ctx.cwd, read);
    if (!ctx.playbooks.has(key)) ctx.playbooks.set(key, playbookSend(args, ctx.cwd, read));
    return ctx.playbooks.get(key)!;
  };
  const send = program === 'ansible' ? adHocSend(args, ctx.cwd) : playbook();
  const runsHere = send && send.here.length > 0 ? { runsHere: { shell: send.here.join('\n'), path: program } } : {};
  if (send === null || send.hosts.length === 0) return { action: 'process', summary: program, sent: [], hosts: [], ...runsHere };
  if ('unread' in send) for (const { why, tooMuch } of send.unread) ctx.uninspected?.add(why, tooMuch);
  const sent = [...send.files.map((file) => readSentFile(file, ctx, WHOLE)), ...send.texts];
  const hosts = send.hosts.map((host) => ({ host, encrypted: true }));
  if (!('module' in send)) return { action: 'share', summary: `ansible-playbook to ${send.hosts.join(', ')}`, sent, hosts, ...runsHere };
  const summary = `ansible ${send.module} ${RUN_ON.test(send.module) || !send.sends ? 'on' : 'to'} ${send.hosts[0]}`;
  return { action: send.sends ? 'share' : 'process', summary, sent, hosts };
}
/** Modules whose summary says they run on their hosts rather than copy to them. */
const RUN_ON = /(?:^|\.)(?:shell|command|raw)$/;

/** Options of sftp, ftp and lftp that take a value (sftp's are ssh's and its own). */
const FTP_VALUE_OPTIONS: Record<string, Set<string>> = {
  sftp: new Set([...SSH_VALUE_OPTIONS, '-b', '-B', '-R', '-s', '-X']),
  ftp: new Set(['-P', '-s']),
  lftp: new Set(['-e', '-c', '-f', '-p', '-u', '--env-password']),
  smbclient: new Set(['-U', '--user', '-W', '--workgroup', '-c', '--command', '-A', '--authentication-file', '-I', '--ip-address', '-p', '--port', '-m', '--max-protocol', '-n', '--netbiosname', '-s', '--configfile', '-O', '--socket-options', '-T', '--tar', '-D', '--directory', '-d', '--debuglevel', '-l', '--log-basename', '-b', '--send-buffer', '-t', '--timeout']),
  tftp: new Set(['-m', '-R']),
};
/** Upload commands of an FTP or SFTP session script (`send` is ftp's `put`), and their options that take a value. */
const FTP_PUTS = new Set(['put', 'mput', 'reput', 'append', 'send']);
const FTP_PUT_VALUE_OPTIONS = new Set(['-O', '-o']);

/** A session script command's words, quotes removed; sftp's `-` (ignore errors) and `@` (quiet) prefixes dropped. */
function scriptWords(line: string): string[] {
  return [...line.replace(/^\s*[-@]/, '').matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
}

/**
 * sftp, ftp and lftp: the host they open, and the files their session script uploads (put, mput,
 * send, lftp's mirror -R; found from the folder an `lcd` went to). The script is sftp's -b file
 * (`-b -`: stdin), lftp's -e, -c or -f, or what comes in on stdin.
 */
function ftpView(cmd: SimpleCommand, ctx: ClassifyContext): CommandView {
  const program = basename(cmd.argv[0]!);
  const options = FTP_VALUE_OPTIONS[program]!;
  const operands: string[] = [];
  const scripts: string[] = [];
  let scriptFile: string | null = null;
  for (let k = 1; k < cmd.argv.length; k++) {
    const a = cmd.argv[k]!;
    // `tftp host -c put c.csv`: the words after -c are its command.
    if (program === 'tftp' && a === '-c') {
      scripts.push(cmd.argv.slice(k + 1).join(' '));
      break;
    }
    if (!a.startsWith('-')) operands.push(a);
    else if (options.has(a)) {
      const value = cmd.argv[++k] ?? '';
      if ((program === 'sftp' && a === '-b') || (program === 'lftp' && a === '-f')) scriptFile = value;
      else if ((program === 'lftp' && (a === '-e' || a === '-c')) || (program === 'smbclient' && (a === '-c' || a === '--command'))) scripts.push(value);
    }
  }
  if (scriptFile !== null && scriptFile !== '-') scripts.push(readSentFile(scriptFile, ctx));
  scripts.push(stdinOf(cmd, ctx));
  const commands = scripts.join('\n').split(/\n|;|&&|\|\|/).map(scriptWords);
  // The host: the first operand (user@host, host:path, a URL), or an `open host` in the script.
  const opened = commands.map(openTarget).find((target) => target !== null);
  const target = operands[0] ?? opened ?? '';
  // smbclient's share: `//host/share` (or `\\host\share`).
  const share = program === 'smbclient' ? /^(?:\/\/|\\\\)([^/\\]+)/.exec(target)?.[1] : undefined;
  const host = share !== undefined ? share.toLowerCase() : target.includes('://') ? hostOf(target) : target.replace(/^[^@]*@/, '').replace(/:.*$/, '').toLowerCase();
  const sent: string[] = [];
  let uploads = 0;
  let here = ctx;
  for (const [verb = '', ...rest] of commands) {
    if (verb === 'lcd' && rest[0] !== undefined) here = { ...here, cwd: localPath(rest[0], here.cwd) };
    if (!FTP_PUTS.has(verb) && !(verb === 'mirror' && (rest.includes('-R') || rest.includes('--reverse')))) continue;
    uploads++;
    const files = rest.filter((w, i) => !w.startsWith('-') && !FTP_PUT_VALUE_OPTIONS.has(rest[i - 1] ?? ''));
    // put and its kin send one file (the next word names it on the server); mput and mirror send them all.
    for (const file of verb === 'mput' || verb === 'mirror' ? files : files.slice(0, 1)) sent.push(readSentFile(file, here, WHOLE));
  }
  const hosts = host ? [{ host, encrypted: program === 'sftp' || /^sftp:|^ftps:/i.test(target) }] : [];
  return { action: uploads > 0 ? 'share' : 'read', summary: `${program} ${uploads > 0 ? 'upload to' : 'session with'} ${host || 'a host'}`, sent, hosts };
}

/** The site of an lftp or ftp `open [-u user,pass] [-p port] site` command; null for any other. */
function openTarget(words: readonly string[]): string | null {
  if (words[0] !== 'open') return null;
  for (let k = 1; k < words.length; k++) {
    if (['-u', '-p', '-e', '-s', '--user', '--password'].includes(words[k]!)) k++;
    else if (!words[k]!.startsWith('-')) return words[k]!;
  }
  return null;
}

function sshView(cmd: SimpleCommand, ctx: ClassifyContext): CommandView {
  let k = 1;
  const forwards: string[] = [];
  for (; k < cmd.argv.length; k++) {
    const a = cmd.argv[k]!;
    if (!a.startsWith('-')) break;
    if (a === '-R') forwards.push(cmd.argv[k + 1] ?? '');
    else if (a.startsWith('-R')) forwards.push(a.slice(2));
    if (SSH_VALUE_OPTIONS.has(a)) k++;
  }
  const target = cmd.argv[k] ?? '';
  const host = (target.includes('@') ? target.slice(target.indexOf('@') + 1) : target).toLowerCase();
  const remoteCommand = cmd.argv.slice(k + 1).join(' ');
  const input = stdinOf(cmd, ctx);
  // `ssh -R 80:localhost:8000 serveo.net` (served-folders.ts): the remote side reaches what this machine serves on the port.
  const served = forwards.flatMap((spec) => {
    const folder = ctx.served?.get(forwardedPort(spec) ?? '');
    return folder === undefined ? [] : [readSentFile(folder, ctx, WHOLE)];
  });
  const share = input || remoteCommand || served.length > 0;
  return { action: share ? 'share' : 'process', summary: `ssh to ${host}`, sent: [remoteCommand, input, ...served], hosts: host ? [{ host, encrypted: true }] : [] };
}

/**
 * A web, WebSocket or gRPC client (`ab -p`, `hey -D`, `websocat`, `grpcurl -d @`, `siege -f`): a share
 * to where it connects of the files, text and input it sends, of the requests its lists hold and the
 * body files they name, and of the scripts it runs (`wrk -s post.lua`) with the files they open.
 */
function webClientView(program: string, call: WebClientCall, cmd: SimpleCommand, ctx: ClassifyContext): CommandView {
  const lists = call.requestLists.map((list) => fileOrStdin(list, cmd, ctx));
  const listed = lists.map(listedRequests);
  const targets = [...call.targets, ...listed.flatMap((requests) => requests.targets)];
  const files = [...call.files, ...listed.flatMap((requests) => requests.files)];
  const hosts = new Map<string, { host: string; encrypted: boolean }>();
  for (const target of targets) {
    const host = hostOf(target);
    if (host) hosts.set(host, { host, encrypted: /^(?:https|wss):/i.test(target) || call.tls });
  }
  const scripts = call.scripts.map((script) => fileOrStdin(script, cmd, ctx));
  const sent = [...call.texts, ...files.map((file) => fileOrStdin(file, cmd, ctx)), ...scripts, ...scripts.map((code) => filesNamedIn(code, ctx)), call.sendsInput ? stdinOf(cmd, ctx) : '', ...lists, ...targets];
  const share = files.length > 0 || scripts.length > 0 || call.sendsInput;
  return { action: share ? 'share' : 'read', summary: `${program} to ${[...hosts.keys()].join(', ') || 'no host'}`, sent, hosts: [...hosts.values()] };
}

function netcatView(cmd: SimpleCommand, ctx: ClassifyContext): CommandView {
  const operands: string[] = [];
  for (let k = 1; k < cmd.argv.length; k++) {
    const a = cmd.argv[k]!;
    if (a.startsWith('-')) {
      if (['-p', '-s', '-w', '-x', '-X', '-i', '-q'].includes(a)) k++;
    } else operands.push(a);
  }
  const host = operands[0] ?? '';
  const program = basename(cmd.argv[0]!);
  return { action: 'share', summary: `${program} to ${host}`, sent: [stdinOf(cmd, ctx), operands.slice(1).join(' ')], hosts: host ? [{ host: host.toLowerCase(), encrypted: false }] : [] };
}

/** socat's two addresses: a network one (TCP:host:port, OPENSSL:..., UDP:...) is where the other one's data goes. */
function socatView(cmd: SimpleCommand, ctx: ClassifyContext): CommandView {
  const addresses = cmd.argv.slice(1).filter((a) => !a.startsWith('-') || a === '-');
  const hosts: { host: string; encrypted: boolean }[] = [];
  const sent: string[] = [];
  for (const address of addresses) {
    const network = /^(TCP[46]?|UDP[46]?|OPENSSL|SSL|TCP-CONNECT|UDP-SENDTO)[-A-Z]*:([^:,]+)/i.exec(address);
    const file = /^(?:FILE|OPEN|GOPEN|CREATE):([^,]+)/i.exec(address);
    if (/LISTEN/i.test(address)) continue; // it receives; the other address says where data goes
    if (network) hosts.push({ host: network[2]!.toLowerCase(), encrypted: /^(?:OPENSSL|SSL)/i.test(network[1]!) });
    else if (file) sent.push(readSentFile(file[1]!, ctx));
    else if (address === '-' || /^STDIN|^STDIO/i.test(address)) sent.push(stdinOf(cmd, ctx));
  }
  return { action: 'share', summary: `socat to ${hosts.map((h) => h.host).join(', ') || 'no host'}`, sent, hosts };
}

/** HTTPie (`http`, `https`, `xh`): [METHOD] URL then items — `key=value`, `key:=json`, `field@file` (a file it uploads). */
/** Where mail to an address goes: its domain (`Jane <jane@acme.io>` -> `acme.io`). */
const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).replace(/>$/, '').toLowerCase();

/** git send-email's options that take the next word as a value (`--to` and the like are read apart). */
const SEND_EMAIL_VALUE_OPTIONS = new Set(['--from', '--subject', '--in-reply-to', '--reply-to', '--smtp-server', '--smtp-server-port', '--smtp-user', '--smtp-pass', '--smtp-encryption', '--smtp-domain', '--smtp-auth', '--identity', '--to-cmd', '--cc-cmd', '--header-cmd', '--suppress-cc', '--confirm', '--transfer-encoding', '--8bit-encoding', '--compose-encoding', '--sender', '--envelope-sender', '--batch-size', '--relogin-delay', '-v', '--reroll-count', '--sendmail-cmd']);
const SEND_EMAIL_RECIPIENTS = new Set(['--to', '--cc', '--bcc']);

/**
 * `git send-email --to=dev@acme.io 0001-fix.patch outgoing/`: the patch files, and a folder's files,
 * go by mail to the recipients' domains (a revision range, `HEAD~3`, names no file here).
 */
function sendEmailView(args: readonly string[], ctx: ClassifyContext): CommandView {
  const recipients: string[] = [];
  const files: string[] = [];
  const counts: string[] = [];
  for (let k = 0; k < args.length; k++) {
    const [option, inline] = optionAndValue(args[k]!);
    if (SEND_EMAIL_RECIPIENTS.has(option)) recipients.push(inline ?? args[++k] ?? '');
    else if (SEND_EMAIL_VALUE_OPTIONS.has(option) && inline === undefined) k++;
    else if (/^-\d+$/.test(option) || option === '--root') counts.push(option);
    else if (!option.startsWith('-')) files.push(option);
  }
  const domains = [...new Set(recipients.flatMap((r) => r.split(',')).filter((r) => r.includes('@')).map(domainOf))];
  const hosts = (domains.length > 0 ? domains : ['git sendemail.to']).map((host) => ({ host, encrypted: false }));
  // What is not a file or folder here is a revision list, whose commits it sends as patches (as `git format-patch` makes them).
  const isHere = (word: string) => ctx.files?.onThisMachine === false || fs.existsSync(localPath(word, ctx.cwd)) || (ctx.files?.isFolder(localPath(word, ctx.cwd)) ?? false);
  const here = files.filter(isHere);
  const revisions = [...counts, ...files.filter((word) => !here.includes(word))];
  const patches = revisions.length === 0 ? null : fromObjects(() => revisionRange(ctx.cwd, revisions, 'format-patch'), ctx);
  const sent = (patches === null ? files : here).map((file) => readSentFile(file, ctx, WHOLE));
  return { action: 'share', summary: `git send-email to ${domains.join(', ') || 'its configured recipients'}`, sent: [...sent, patches ?? ''], hosts };
}

/** An HTTPie or xh request item that names a file (its name in group 1): `@body.json`, `report@report.pdf`, `note=@note.txt`, `rows:=@rows.json`. */
const HTTPIE_FILE_ITEM = /^(?:@|[^=@:]+@(?=[^=])|[^=@:]+:?=@)(.+)$/;

function httpieView(cmd: SimpleCommand, ctx: ClassifyContext): CommandView {
  const words = cmd.argv.slice(1).filter((a) => !a.startsWith('-'));
  const method = /^[A-Z]+$/.test(words[0] ?? '') ? words.shift()! : '';
  const url = words.shift() ?? '';
  const scheme = basename(cmd.argv[0]!) === 'https' ? 'https://' : 'http://';
  const hosts = hostsOf([url.includes('://') ? url : `${scheme}${url.replace(/^:/, 'localhost:')}`]);
  // A request item that names a file sends what it holds: `@body.json` (the body), `field@file` (a form's file), `field=@f` and `field:=@f.json` (a field's value).
  const items = words.map((item) => {
    const file = HTTPIE_FILE_ITEM.exec(item)?.[1];
    return file === undefined ? item : readSentFile(file, ctx);
  });
  const sent = [url, ...items, stdinOf(cmd, ctx)];
  const share = words.length > 0 || /^(POST|PUT|PATCH)$/.test(method);
  return { action: share ? 'share' : 'read', summary: `${basename(cmd.argv[0]!)} ${method || (share ? 'POST' : 'GET')} to ${hosts.map((h) => h.host).join(', ') || 'no host'}`, sent, hosts };
}

const REGISTRIES: Record<string, string> = { npm: 'registry.npmjs.org', yarn: 'registry.npmjs.org', pnpm: 'registry.npmjs.org', bun: 'registry.npmjs.org', np: 'registry.npmjs.org', lerna: 'registry.npmjs.org', changeset: 'registry.npmjs.org', cargo: 'crates.io' };
/** `docker save [-o FILE] IMAGE...` (podman's, `docker image save`): the images it saves and the file it writes them to (null: its output); null for another command. */
function savedImages(program: string, args: readonly string[]): { images: string[]; output: string | null } | null {
  if (!CONTAINER_TOOLS.has(program)) return null;
  const at = args.indexOf('save');
  if (at < 0 || !(at === 0 || args[at - 1] === 'image' || args.slice(0, at).every((a) => a.startsWith('-')))) return null;
  const words = wordsOf(args.slice(at + 1), new Set(['-o', '--output', '--format', '--platform']));
  return { images: words.operands, output: lastValue(words, '-o', '--output') ?? null };
}

/** What saved images hold: those built on the line (an image built elsewhere holds what only the tool knows, and is not read). */
function savedImagesText(images: readonly string[], ctx: ClassifyContext): string {
  return images.map((image) => ctx.images?.get(imageName(image))).map((built) => (built ? imageContents(built, folderReader(ctx)) : '')).join('\n');
}

/**
 * A container tool's build or push (`docker build -t app . && docker push app`, `docker buildx build
 * --push`, `podman push`): a push is a share to the image's registry of what the line built into it
 * (its Dockerfile's COPY and ADD sources from its context, less its .dockerignore), a tag made on the
 * line standing for the image it names; an image built elsewhere holds what is known only to the
 * tool, and nothing of it is read. A Dockerfile on the build's input (`-f -`) is read from there;
 * `docker build - < Dockerfile` has no context and puts nothing of the folder in the image (a context
 * archive on its input is read whole). Compose's builds and pushes: composeView. Null for the tool's other commands.
 */
function containerView(program: string, args: readonly string[], cmd: SimpleCommand, ctx: ClassifyContext): CommandView | null {
  const compose = composeCall(program, args);
  if (compose) return composeView(program, compose, cmd, ctx);
  const bake = program === 'docker' ? bakeCall(args) : null;
  if (bake) return bakeView(bake, cmd, ctx);
  const build = imageBuild(args);
  if (build) {
    const input = build.context === '-' || build.file === '-' ? stdinOf(cmd, ctx) : '';
    const image: BuiltImage = {
      folder: build.context === '-' ? null : localPath(build.context, ctx.cwd),
      file: build.file === null || build.file === '-' ? null : localPath(build.file, ctx.cwd),
      ...(build.file === '-' ? { dockerfile: input } : build.context === '-' && !isDockerfile(input) ? { archive: input } : {}),
      target: build.target,
    };
    for (const tag of build.tags) ctx.images?.set(imageName(tag), image);
    if (!build.push) return { action: 'process', summary: `${program} build (local)`, sent: [], hosts: [] };
    const hosts = [...new Set(build.tags.map(imageRegistry))];
    return { action: 'share', summary: `${program} build --push to ${hosts.join(', ')}`, sent: [imageContents(image, folderReader(ctx))], hosts: hosts.map((host) => ({ host, encrypted: true })) };
  }
  const words = args.filter((a) => !a.startsWith('-'));
  const sub = words[0] === 'image' ? words.slice(1) : words;
  if (sub[0] === 'tag' && sub.length >= 3) {
    const source = ctx.images?.get(imageName(sub[1]!));
    if (source) ctx.images?.set(imageName(sub[2]!), source);
    return { action: 'process', summary: `${program} tag (local)`, sent: [], hosts: [] };
  }
  // `docker save -o crm.tar crm`: the archive it writes holds the images built on the line (to stdout: savedImages in outputOf).
  const saved = savedImages(program, args);
  if (saved !== null) {
    if (saved.output !== null) ctx.files?.write(saved.output, ctx.cwd, (unread) => savedImagesText(saved.images, { ...ctx, uninspected: unread }));
    return { action: 'process', summary: `${program} save (local)`, sent: [], hosts: [] };
  }
  if (sub[0] !== 'push' || sub[1] === undefined) return null;
  const host = imageRegistry(sub[1]);
  const built = ctx.images?.get(imageName(sub[1]));
  return { action: 'share', summary: `${program} push to ${host}`, sent: built ? [imageContents(built, folderReader(ctx))] : [], hosts: [{ host, encrypted: true }] };
}

/**
 * `docker buildx bake`: each target its bake files build (bake-files.ts) makes the images its tags
 * name, remembered like a `docker build`'s; with `--push` (or an output of type registry) a share to
 * each tag's registry of what its build puts in it. `--print` and `--list` build nothing.
 */
function bakeView(call: BakeCall, cmd: SimpleCommand, ctx: ClassifyContext): CommandView {
  if (call.print) return { action: 'process', summary: 'docker buildx bake --print (local)', sent: [], hosts: [] };
  const texts = (call.files.length > 0 ? call.files : BAKE_FILES).map((file) => readSentFile(file, ctx));
  const pushed: { host: string; image: BuiltImage }[] = [];
  for (const target of bakeTargets(texts, call, environmentOf(cmd, ctx))) {
    const folder = localPath(target.context, ctx.cwd);
    const image: BuiltImage = { folder, file: localPath(target.dockerfile, folder), target: target.target };
    for (const tag of target.tags) {
      ctx.images?.set(imageName(tag), image);
      if (target.push) pushed.push({ host: imageRegistry(tag), image });
    }
  }
  if (pushed.length === 0) return { action: 'process', summary: 'docker buildx bake (local)', sent: [], hosts: [] };
  const hosts = [...new Set(pushed.map(({ host }) => host))];
  const images = [...new Set(pushed.map(({ image }) => image))];
  return { action: 'share', summary: `docker buildx bake --push to ${hosts.join(', ')}`, sent: images.map((image) => imageContents(image, folderReader(ctx))), hosts: hosts.map((host) => ({ host, encrypted: true })) };
}

/**
 * A compose call's builds and pushes (`docker compose build --push`, `docker compose push`,
 * `docker-compose`): each service with a `build:` makes the image its `image:` names (else
 * `<project>-<service>`), remembered like a `docker build`'s (by build, up, create and run); a push
 * is a share to each image's registry of what its build puts in it: what the line built, else what
 * its compose file builds it from. A service with only `image:` is pulled, not built: nothing of
 * it is read. A build without `--push` is local; commands other than build and push: null.
 */
function composeView(program: string, call: ComposeCall, cmd: SimpleCommand, ctx: ClassifyContext): CommandView | null {
  if (!['build', 'push', 'up', 'create', 'run'].includes(call.command)) return null;
  const files = composeFiles(call, ctx.cwd, (file) => readSentFile(file, ctx));
  const variables = composeVariables(call, files, ctx.cwd, environmentOf(cmd, ctx), (file) => readSentFile(file, ctx));
  const services = composeServices(files, variables).filter((service) => call.services.length === 0 || call.services.includes(service.name));
  const images = services.map((service) => {
    const build = service.build;
    const built: BuiltImage | null = build && { folder: build.context, file: build.file, ...(build.dockerfile === undefined ? {} : { dockerfile: build.dockerfile }), target: build.target };
    return { image: composeImage(service, call, files, ctx.cwd), built };
  });
  const name = `${program}${COMPOSE_TOOLS.has(program) ? '' : ' compose'} ${call.command}${call.push ? ' --push' : ''}`;
  if (call.command !== 'push') {
    for (const { image, built } of images) if (built) ctx.images?.set(imageName(image), built);
    if (call.command !== 'build') return null;
    if (!call.push) return { action: 'process', summary: `${name} (local)`, sent: [], hosts: [] };
  }
  const pushed = images.filter(({ built }) => call.command === 'push' || built !== null);
  const hosts = [...new Set(pushed.map(({ image }) => imageRegistry(image)))];
  // Images built alike (many services of one Dockerfile and context) are read once.
  const read = new Set<string>();
  const sent = pushed.map(({ image, built }) => {
    const made = ctx.images?.get(imageName(image)) ?? built;
    const key = made && JSON.stringify(made);
    if (!made || read.has(key!)) return '';
    read.add(key!);
    return imageContents(made, folderReader(ctx));
  });
  return { action: 'share', summary: `${name} to ${hosts.join(', ') || 'no registry'}`, sent, hosts: hosts.map((host) => ({ host, encrypted: true })) };
}

const MAILERS = new Set(['mail', 'mailx', 's-nail', 'sendmail', 'mutt', 'msmtp', 'swaks']);
const DELETERS = new Set(['rm', 'rmdir', 'unlink', 'shred', 'trash', 'srm', 'wipe']);
function databaseView(cmd: SimpleCommand, ctx: ClassifyContext): CommandView {
  const program = basename(cmd.argv[0]!);
  const args = cmd.argv.slice(1);
  const call = databaseCall(program, args, cmd.env);
  const input = stdinOf(cmd, ctx);
  const given = [...call.sql, input].join('\n');
  // A DuckDB query that copies to a cloud store (`COPY (select * from 'c.csv') TO 's3://...'`) sends it what it selects.
  const store = program === 'duckdb' ? storeWrittenTo(given) : null;
  if (store) return { action: 'share', summary: `${program} copy to ${store.host}`, sent: [databaseOutput(cmd, ctx), filesNamedIn(input, ctx)], hosts: [store] };
  // pgloader's command file names the database it loads into (`INTO postgresql://...`) and the files it loads (`FROM 'c.csv'`).
  const commands = loadCommandFiles(program, args).map((file) => readSentFile(file, ctx)).join('\n');
  const host = call.host || loadTargetHost(commands);
  const remoteHost = host && resolveDestination(host, ctx.destinations).destination !== 'local' ? host : '';
  // The files it reads and sends to a remote database: `psql -f seed.sql`, `\copy t from 'c.csv'`, `mongoimport c.json`,
  // and those the files it is given read in turn (`psql -f load.sql` whose `\copy` reads customers.csv).
  const files = remoteHost ? databaseInputFiles(program, args, [given, commands].join('\n')).map((file) => readSentFile(file, ctx)) : [];
  const read = [...files, ...files.flatMap((text) => filesReadInSql(text, program)).map((file) => readSentFile(file, ctx))];
  const text = [given, ...read].join('\n');
  // `sqlite3 crm.db ".import --csv customers.csv c"`, DuckDB's `create table c as select * from read_csv('customers.csv')`:
  // the database file holds what it loads, so a later `scp crm.db host:` sends that.
  const database = program === 'sqlite3' || program === 'duckdb' ? sqliteFile(args) : null;
  const loaded = database === null ? [] : filesReadInSql(given, program);
  if (database !== null && loaded.length > 0) ctx.files?.write(database, ctx.cwd, (unread) => loaded.map((file) => readSentFile(file, { ...ctx, uninspected: unread })).join('\n'));
  const action = loadsDatabase(program, args) ? 'modify' : sqlAction(text);
  return {
    action: remoteHost && action !== 'read' ? 'share' : action,
    summary: `${program} ${action === 'read' ? 'query' : action === 'delete' ? 'delete' : 'write'}${host ? ` on ${host}` : ''}`,
    sent: remoteHost ? [text] : [],
    hosts: remoteHost ? [{ host: remoteHost, encrypted: false }] : [],
  };
}

/**
 * What a database client or dump writes: for sqlite3 and duckdb, the text of the database file it
 * opens (what any query of it returns is in there), and for duckdb the files its SQL reads in
 * quotes (`select * from 'customers.csv'`); for a server's database, what it holds is known only
 * when it runs, which is noted, so that sending it blocks.
 */
function databaseOutput(cmd: SimpleCommand, ctx: ClassifyContext): string {
  const program = basename(cmd.argv[0] ?? '');
  if (program === 'sqlite3' || program === 'duckdb') {
    const file = sqliteFile(cmd.argv.slice(1));
    const queried = program === 'duckdb' ? filesNamedIn(databaseCall(program, cmd.argv.slice(1)).sql.join('\n'), ctx) : '';
    return [file === null ? '' : readSentFile(file, ctx), queried].join('\n');
  }
  ctx.uninspected?.add(`it sends what ${program} reads from a database, which is known only when it runs`);
  return '';
}

/** The files a database client or dump writes what it reads into, from its words and the SQL it is given (a heredoc, `< script.sql`). */
function databaseWrites(cmd: SimpleCommand, ctx: ClassifyContext): string[] {
  const scripts = cmd.redirects.filter((r) => r.op === '<').map((r) => readSentFile(r.target, { ...ctx, uninspected: new Unread() }));
  return databaseOutputFiles(basename(cmd.argv[0] ?? ''), cmd.argv.slice(1), [...cmd.argv.slice(1), cmd.stdin ?? '', ...scripts].join('\n'));
}

/**
 * A URL of a web, WebSocket, mail, file-transfer, database or message service
 * (`https://...`, `wss://...`, `postgresql+psycopg2://...`, `mongodb+srv://...`, `smtps://...`).
 */
const URL_IN_TEXT =
  /\b(?:https?|wss?|s?ftps?|smtps?|(?:postgres(?:ql)?|mysql|mariadb|mssql|sqlserver|oracle|redshift|snowflake|clickhouse|cockroachdb)(?:\+\w{1,20})?|mongodb(?:\+srv)?|rediss?|amqps?|mqtts?|nats|kafka):\/\/[^\s'"`<>)]{1,2048}/g;
/** A URL whose connection is encrypted: by its scheme, or by an option it gives (`?sslmode=require`, `?ssl=true`). */
const ENCRYPTED_URL = /^(?:https|wss|sftp|ftps|smtps|rediss|amqps|mqtts|mongodb\+srv):|[?&](?:ssl|tls)=true\b|[?&]sslmode=(?:require|verify)/i;

/** Cloud storage copies (`aws s3 cp file s3://...`, `gsutil cp file gs://...`): the service each uploads to. */
const CLOUD_COPIES: { program: string; sub: string[]; scheme: RegExp; host: string }[] = [
  { program: 'aws', sub: ['s3'], scheme: /^s3:\/\//i, host: 's3.amazonaws.com' },
  { program: 'gsutil', sub: [], scheme: /^gs:\/\//i, host: 'storage.googleapis.com' },
  { program: 'gcloud', sub: ['storage'], scheme: /^gs:\/\//i, host: 'storage.googleapis.com' },
  { program: 's3cmd', sub: [], scheme: /^s3:\/\//i, host: 's3.amazonaws.com' },
  { program: 'aliyun', sub: ['oss'], scheme: /^oss:\/\//i, host: 'aliyuncs.com' },
  { program: 'ossutil', sub: [], scheme: /^oss:\/\//i, host: 'aliyuncs.com' },
];

/** gsutil's options before its command that take a value. */
const GSUTIL_VALUE_OPTIONS = new Set(['-o', '-h', '-u', '-i']);


/**
 * Other tools that upload what they are given: `gh gist create files`, `gh issue|pr create --body`,
 * storage and backup clients (`rclone copy src remote:`, `mc cp`, `restic backup`), cloud storage copies, `kubectl cp file pod:path`. Null for anything else.
 */
function uploadView(program: string, args: readonly string[], cmd: SimpleCommand, ctx: ClassifyContext): CommandView | null {
  // `-` is an operand too: the command's input.
  const operands = args.filter((a) => !a.startsWith('-') || a === '-');
  if (program === 'gh' && (args[0] === 'gist' || args[0] === 'issue' || args[0] === 'pr' || args[0] === 'release') && ['create', 'edit', 'comment', 'upload'].includes(args[1] ?? '')) {
    const files = args[0] === 'gist' || args[0] === 'release' ? operands.slice(2).map((f) => fileOrStdin(f, cmd, ctx)) : [];
    // `gh gist create` without files makes the gist of its input.
    if (args[0] === 'gist' && args[1] === 'create' && files.length === 0) files.push(stdinOf(cmd, ctx));
    const texts = args.flatMap((a, i) => (/^(?:-b|--body|-t|--title|-d|--desc)$/.test(args[i - 1] ?? '') ? [a] : []));
    const bodyFile = args.findIndex((a) => a === '-F' || a === '--body-file');
    if (bodyFile >= 0) texts.push(readSentFile(args[bodyFile + 1] ?? '', ctx));
    return { action: 'share', summary: `gh ${args[0]} ${args[1]} to github.com`, sent: [...files, ...texts], hosts: [{ host: 'github.com', encrypted: true }] };
  }
  if (program === 'gh' && args[0] === 'api') {
    // gh api sends its fields (`-f key=value`; `-F key=@file` reads the file, `@-` stdin) and --input's body.
    const sent: string[] = [];
    let host = 'github.com';
    for (let k = 1; k < args.length; k++) {
      const [option, inlineValue] = optionAndValue(args[k]!);
      if (API_FIELD_OPTIONS.has(option)) sent.push(apiFieldSent(option, inlineValue ?? args[++k] ?? '', (file) => fileOrStdin(file, cmd, ctx)));
      else if (option === '--hostname') host = (inlineValue ?? args[++k] ?? '').toLowerCase();
      else if (!option.startsWith('-')) host = hostOf(option) ?? host;
    }
    return { action: sent.length > 0 ? 'share' : 'read', summary: `gh api to ${host}`, sent, hosts: [{ host, encrypted: true }] };
  }
  if (program === 'gh' && args[0] === 'workflow' && args[1] === 'run') {
    // A workflow's inputs go to GitHub (`-f key=value`, `-F key=@file`), or as JSON on the input with --json.
    const sent: string[] = [];
    for (let k = 2; k < args.length; k++) {
      const [option, inlineValue] = optionAndValue(args[k]!);
      if (option === '-f' || option === '--raw-field' || option === '-F' || option === '--field') sent.push(apiFieldSent(option, inlineValue ?? args[++k] ?? '', (file) => fileOrStdin(file, cmd, ctx)));
      else if (option === '--json') sent.push(stdinOf(cmd, ctx));
    }
    return { action: sent.length > 0 ? 'share' : 'process', summary: 'gh workflow run on github.com', sent, hosts: [{ host: 'github.com', encrypted: true }] };
  }
  // rclone, mc, azcopy, b2, restic, borg, duplicity, wormhole, croc, ffsend (storage-copies.ts): the files and folders they copy, back up or
  // transfer, whole, the text they are given, and their input where they send it. A message broker's client (message-brokers.ts) the same.
  const environment = environmentOf(cmd, ctx);
  const copy = storageCopy(cmd.argv, environment) ?? brokerPublish(cmd.argv, environment);
  if (copy) {
    const sent = [...copy.files.map((file) => fileOrStdin(file, cmd, ctx, WHOLE)), copy.input ? stdinOf(cmd, ctx) : '', copy.text ?? ''];
    return { action: 'share', summary: copy.summary, sent, hosts: [{ host: copy.host, encrypted: true }] };
  }
  // `gcloud builds submit`: the source folder (less .gcloudignore) and the build config go to Cloud Build, which builds there and pushes the image on.
  // A deploy from source uploads its folder the same way; the values on the line (`--set-env-vars`, `--substitutions`) go with it.
  const cloudBuild = program === 'gcloud' ? cloudBuildSubmit(args) : null;
  const deploy = program === 'gcloud' && !cloudBuild ? gcloudSourceDeploy(args) : null;
  const upload = cloudBuild ? { build: cloudBuild, host: 'cloudbuild.googleapis.com', command: 'gcloud builds submit' } : deploy;
  if (upload) {
    const { build, host, command } = upload;
    const sent = [cloudBuildSource(build, ctx.cwd, folderReader(ctx)), build.config === null ? '' : readSentFile(build.config, ctx), args.join(' ')];
    return { action: 'share', summary: `${command} to ${host}`, sent, hosts: [{ host, encrypted: true }] };
  }
  // `az acr build`: the context goes to the registry's build service; `heroku container:push`: the images it builds here go to Heroku's registry.
  const acr = program === 'az' ? acrBuild(args, ctx.cwd, folderReader(ctx)) : null;
  if (acr) return { action: 'share', summary: `az acr build to ${acr.host}`, sent: [acr.source, args.join(' ')], hosts: [{ host: acr.host, encrypted: true }] };
  const heroku = program === 'heroku' ? herokuContainerPush(args, ctx.cwd) : null;
  if (heroku) return { action: 'share', summary: 'heroku container:push to registry.heroku.com', sent: heroku.map((image) => imageContents(image, folderReader(ctx))), hosts: [{ host: 'registry.heroku.com', encrypted: true }] };
  // gsutil's options before its command (`gsutil -m cp -r ...`, `-o key=value`).
  const words = program === 'gsutil' ? args.slice(optionsEnd(args, GSUTIL_VALUE_OPTIONS)) : args;
  const cloud = CLOUD_COPIES.find((c) => c.program === program && c.sub.every((word, i) => words[i] === word));
  if (cloud) {
    const operands = words.slice(cloud.sub.length + 1).filter((a) => !a.startsWith('-') || a === '-');
    const verb = words[cloud.sub.length];
    const target = operands[operands.length - 1] ?? '';
    if ((verb === 'cp' || verb === 'mv' || verb === 'sync' || verb === 'rsync' || verb === 'put') && cloud.scheme.test(target)) {
      const sources = operands.slice(0, -1).filter((o) => !cloud.scheme.test(o));
      const sent = sources.map((source) => fileOrStdin(source, cmd, ctx, WHOLE));
      return { action: 'share', summary: `${program} upload to ${cloud.host}`, sent, hosts: [{ host: cloud.host, encrypted: true }] };
    }
  }
  if ((program === 'kubectl' || program === 'oc') && args[0] === 'cp') {
    const [source, target] = operands.slice(1);
    const inPod = (operand: string) => /^[\w.-]+(?:\/[\w.-]+)?:/.test(operand);
    if (!source || !target || !inPod(target) || inPod(source)) return null;
    return { action: 'share', summary: 'kubectl cp to a pod', sent: [readSentFile(source, ctx, WHOLE)], hosts: [{ host: 'kubernetes:pod', encrypted: true }] };
  }
  return cloudCliView(program, args, cmd, ctx);
}

/** Cloud and cluster command lines that send what their options name or their input holds, and where it goes. */
const CLOUD_CLIS: Record<string, string> = {
  aws: 'amazonaws.com',
  gcloud: 'googleapis.com',
  az: 'azure.com',
  oci: 'oraclecloud.com',
  ibmcloud: 'cloud.ibm.com',
  aliyun: 'aliyuncs.com',
  doctl: 'digitalocean.com',
  'linode-cli': 'linode.com',
  scw: 'scaleway.com',
  kubectl: 'kubernetes:cluster',
  oc: 'kubernetes:cluster',
  helm: 'kubernetes:cluster',
  gh: 'github.com',
};
/** Command lines that take another's words: OpenShift's `oc` takes kubectl's (`oc apply -f cm.yaml`). */
const SAME_WORDS_AS: Record<string, string> = { oc: 'kubectl' };
/**
 * Their options whose value names files or folders they send, with the commands that send them
 * (any, when none is named): `kubectl apply -f cm.yaml` (`-k` a kustomization's folder), `helm
 * upgrade app ./chart -f values.yaml` (`--set-file key=path`), `az storage blob upload -f c.csv`,
 * `az webapp deploy --src-path app.zip`.
 */
const SENT_FILE_OPTIONS: Record<string, { options: ReadonlySet<string>; commands?: ReadonlySet<string> }> = {
  kubectl: { options: new Set(['-f', '--filename', '-k', '--kustomize']), commands: new Set(['apply', 'create', 'replace']) },
  helm: { options: new Set(['-f', '--values', '--set-file']), commands: new Set(['install', 'upgrade', 'template']) },
  // `az webapp deploy --src-path app.zip`, `az functionapp deployment source config-zip --src app.zip`.
  az: { options: new Set(['-f', '--parameters', '-p', '--source', '-s', '--src', '--src-path']) },
};
/** Their options whose value is text sent (`--message "..."`, gh's `--body`), and of those, the ones whose value may name a file sent (aws's `--body customers.csv`, `--from-file=key=customers.csv`). */
const SENT_VALUE_OPTIONS = new Set(['--body', '--file', '--from-file', '--from-env-file', '--data-file', '--payload', '--message', '--message-body', '--data', '--content', '--value', '--secret-string', '--cli-input-json', '--set', '--set-string', '--set-json', '--from-literal']);
const FILE_VALUE_OPTIONS = new Set(['--body', '--file', '--from-file', '--from-env-file', '--data-file']);
/** Their commands that send what comes in on stdin (`gh secret set S < f`, `kubectl apply -f -`); any other, only with a `-` operand. */
const STDIN_COMMANDS: Record<string, ReadonlySet<string>> = { gh: new Set(['secret', 'variable']), kubectl: new Set(['run', 'apply', 'create', 'replace']), helm: new Set(['install', 'upgrade']) };
/** A value naming a local file: `file://customers.csv`, `fileb://customers.csv`. */
const FILE_URI = /^fileb?:\/\/(.+)$/;

/**
 * What a cloud or cluster command line sends: the files and text its options give (`aws s3api
 * put-object --body f`, `aws sns publish --message file://f`, `az storage blob upload --file f`,
 * `kubectl create secret generic s --from-file=f`, `kubectl apply -f cm.yaml`, `helm upgrade -f
 * values.yaml --set k=v`, `gh variable set V --body ...`) and its input
 * (`gh secret set S < f`, `kubectl run -i --image=... < f`). Null when it sends none of these.
 */
function cloudCliView(program: string, args: readonly string[], cmd: SimpleCommand, ctx: ClassifyContext): CommandView | null {
  const host = CLOUD_CLIS[program];
  if (host === undefined) return null;
  if (program === 'helm') {
    const view = helmChartView(args, ctx);
    if (view !== undefined) return view;
  }
  // A client-side dry run (`kubectl create ... --dry-run=client -o yaml > f`) sends nothing: it writes what it would send; so do `helm template` and `kubectl kustomize`.
  if (clientDryRun(args) || printsManifests(SAME_WORDS_AS[program] ?? program, args)) return null;
  return cloudCliSends(program, host, args, cmd, ctx);
}

const clientDryRun = (args: readonly string[]) => args.includes('--dry-run') || args.includes('--dry-run=client');

/** What a file kubectl's or helm's option names sends: kubectl's `-k` folder its kustomization, its `-f` folder the manifests in it (`-R`: at any depth), else the file or folder whole. */
function optionFile(tool: string, option: string, file: string, recursive: boolean, ctx: ClassifyContext): string {
  if (tool !== 'kubectl') return readSentFile(file, ctx, WHOLE);
  if (option === '-k' || option === '--kustomize') return kustomized(file, ctx);
  return readSentFile(file, ctx, { folders: true, skip: manifestsOnly(recursive) });
}

/** What kustomize builds from a folder (cluster-manifests.ts); a folder with no kustomization is read whole, as kubectl's reading of it is not known. */
function kustomized(folder: string, ctx: ClassifyContext): string {
  return kustomization(localPath(folder, ctx.cwd), folderReader(ctx), ctx.uninspected ?? new Unread()) ?? readSentFile(folder, ctx, WHOLE);
}

/** What `kustomize build [folder]` writes: what it builds from the folder, or from where it runs. */
function kustomizeBuildOutput(args: readonly string[], ctx: ClassifyContext): string {
  const [command, folder = '.'] = positionals('kustomize', args);
  return command === 'build' ? kustomized(folder, ctx) : '';
}

/**
 * The local files a cluster command line sends beyond its options' (cloudCliSends): the chart `helm
 * install|upgrade|template [name] ./chart` installs, and what `kubectl kustomize folder` builds.
 */
function clusterFiles(tool: string, args: readonly string[], ctx: ClassifyContext): string[] {
  const [command, ...operands] = positionals(tool, args);
  if (tool === 'helm' && (command === 'install' || command === 'upgrade' || command === 'template') && operands.length > 0) {
    return [chartContents(operands[operands.length - 1]!, ctx.cwd, folderReader(ctx))];
  }
  if (tool === 'kubectl' && command === 'kustomize') return [kustomized(operands[0] ?? '.', ctx)];
  return [];
}

/**
 * `helm package chart`: sends nothing, but the archive it writes holds the chart, so a push of it
 * later on the line sends that (null). `helm push chart.tgz oci://ghcr.io/acme/charts`: the archive
 * to the registry's host. Undefined for any other helm command.
 */
function helmChartView(args: readonly string[], ctx: ClassifyContext): CommandView | null | undefined {
  const [command, ...operands] = positionals('helm', args);
  if (command === 'package') {
    for (const { archive, folder } of packagedCharts(args.slice(args.indexOf('package') + 1), ctx.cwd, folderReader(ctx))) {
      ctx.files?.write(archive, ctx.cwd, (unread) => chartContents(folder, ctx.cwd, folderReader({ ...ctx, uninspected: unread })));
    }
    return null;
  }
  if (command !== 'push' || operands.length < 2) return undefined;
  const host = hostOf(operands[1]!) ?? operands[1]!;
  return { action: 'share', summary: `helm push to ${host}`, sent: [readSentFile(operands[0]!, ctx)], hosts: [{ host, encrypted: true }] };
}

/** What a cloud or cluster command line's options and input give it to send (cloudCliView), whether or not it sends it. */
function cloudCliSends(program: string, host: string, args: readonly string[], cmd: SimpleCommand, ctx: ClassifyContext): CommandView | null {
  const sent: string[] = [];
  // A download writes the file its options name (`az storage blob download -f c.csv`, `oci os object get --file c.csv`): it sends none.
  const downloads = args.some((a) => /^(?:download(?:-batch)?|bulk-download)$/.test(a)) || (program === 'oci' && args.includes('get'));
  const words = SAME_WORDS_AS[program] ?? program;
  const fileOptions = SENT_FILE_OPTIONS[words];
  const sendsFiles = !downloads && fileOptions !== undefined && (fileOptions.commands === undefined || args.some((a) => fileOptions.commands!.has(a)));
  // kubectl's `-R`, looked for once (not for each of many `-f`): whether the folders its files name are walked whole.
  const recursive = args.some((a) => a === '-R' || a === '--recursive' || a === '--recursive=true' || /^-[A-Za-z]*R[A-Za-z]*$/.test(a));
  for (let k = 0; k < args.length; k++) {
    const [option, inline] = optionAndValue(args[k]!);
    if (downloads && FILE_VALUE_OPTIONS.has(option)) {
      if (inline === undefined) k++;
      continue;
    }
    // `-f cm.yaml`, or glued to it or to a cluster of flags it ends: `-fcm.yaml`, `-Rf dir`.
    const glued = sendsFiles && !option.startsWith('--') ? /^-[A-Za-z]*?([fk])(.*)$/.exec(option) : null;
    const fileOption = glued && fileOptions!.options.has(`-${glued[1]}`) ? `-${glued[1]}` : option;
    if (sendsFiles && fileOptions!.options.has(fileOption)) {
      // Its value names files (`-f a.yaml,b.yaml`, `--set-file k=f`, az's `@params.json`), or is text (az's `--parameters '{...}'`); `-f -` is its input, read below.
      const value = inline ?? (glued?.[2] || args[++k]) ?? '';
      sent.push(value);
      for (const file of value.split(',')) if (file !== '-') sent.push(optionFile(words, fileOption, file.slice(file.lastIndexOf('=') + 1).replace(/^@/, ''), recursive, ctx));
      continue;
    }
    const given = SENT_VALUE_OPTIONS.has(option);
    const value = given ? (inline ?? args[++k] ?? '') : (inline ?? option);
    // The value is text, or names a file: `file://f`, or for a file option the value (`--from-file=key=f`: its last part).
    const file = FILE_URI.exec(value)?.[1] ?? (FILE_VALUE_OPTIONS.has(option) ? value.slice(value.lastIndexOf('=') + 1).replace(/^@/, '') : '');
    if (given) sent.push(value);
    if (file !== '') sent.push(readSentFile(file, ctx, WHOLE));
  }
  const input = cmd.stdin !== null || cmd.pipedFrom !== null || cmd.redirects.some((r) => r.op === '<');
  const command = args.find((a) => !a.startsWith('-'));
  // `gh gpg-key add -`, `gh ssh-key add`: a public key, whose address its owner publishes with it.
  if (program === 'gh' && (command === 'gpg-key' || command === 'ssh-key')) return null;
  if (input && (STDIN_COMMANDS[words]?.has(command ?? '') || args.includes('-'))) sent.push(stdinOf(cmd, ctx));
  for (const text of clusterFiles(words, args, ctx)) sent.push(text);
  // Every word of an aws, gcloud or az call goes to the service's API, not only the options above (`aws dynamodb put-item
  // --item '{...}'`, `aws cognito-idp admin-create-user --username ...`); the user's own account and configuration stay with them.
  // Who may use the organisation's cloud (`gcloud projects add-iam-policy-binding --member=user:...`, `az ad user show`, `aws iam`)
  // is the organisation's own directory there, which already holds its people's accounts.
  const directory = DIRECTORY_COMMANDS.has(command ?? '') || args.some((a) => a.endsWith('-iam-policy-binding'));
  // The values the options above send are among the words: a value is counted once (bashClassification).
  // A value given by a substitution (`--user-data "$(cat f)"`) is judged by what it writes (bashClassification reads it).
  const call = args.join(' ');
  if (API_CLIS.has(program) && !OWN_ACCOUNT_COMMANDS.has(command ?? '') && !directory && (dataIn(call).length > 0 || /\$\(|`/.test(call))) sent.push(call);
  return sent.length === 0 ? null : { action: 'share', summary: `${program} to ${host}`, sent, hosts: [{ host, encrypted: true }] };
}

/** The cloud CLIs whose every word is a call to the service's API. */
const API_CLIS = new Set(['aws', 'gcloud', 'az', 'oci', 'ibmcloud', 'aliyun', 'doctl', 'linode-cli', 'scw']);
/** Their commands that manage the organisation's own people's access: IAM, the directory, role assignments. */
const DIRECTORY_COMMANDS = new Set(['iam', 'ad', 'role', 'organizations', 'identity', 'sso-admin', 'identitystore']);
/** Their commands that keep the user's own account and configuration (`gcloud config set account`, `az login -u`, `aws configure`): sent nowhere, or to sign the user in. */
const OWN_ACCOUNT_COMMANDS = new Set(['config', 'configure', 'auth', 'login', 'logout', 'sso', 'account', 'init', 'help', 'version', 'components', 'info', 'cloud', 'extension', 'upgrade', 'interactive', 'setup', 'target', 'plugin']);

/** Redirections that write a file (`>`, `>>`, `&>`, `>|`). */
const FILE_WRITES = new Set(['>', '>>', '&>', '>|']);
const writesFile = (cmd: SimpleCommand) => cmd.redirects.some((r) => FILE_WRITES.has(r.op));

/** Programs that print, read or edit local text and open no connection of their own. */
const NEVER_SENDS = new Set(['echo', 'printf', 'cat', 'tee', 'touch', 'sed', 'awk', 'grep', 'egrep', 'fgrep', 'jq', 'sort', 'uniq', 'head', 'tail', 'wc', 'cut', 'tr', 'true', 'test', '[', 'ls', 'mkdir', 'cp', 'mv', 'ln']);

/** Where a redirection to bash's network files (`> /dev/tcp/host/port`, `/dev/udp/...`) sends a command's output. */
const NETWORK_FILE = /^\/dev\/(?:tcp|udp)\/([^/\s]+)\/[^/\s]+$/;

/** The descriptor a redirection writes to by number or name (`>&3`, `>&3-`, `>&$s`, `> /dev/fd/3`), or null. */
function duplicated(r: Redirect): string | null {
  if (r.op === '>&') return descriptorNamed(r.target);
  const m = FILE_WRITES.has(r.op) ? /^\/dev\/fd\/(\d+)$/.exec(r.target) : null;
  return m ? m[1]! : null;
}

/** The descriptor a duplication's target names (`3`, `3-`, `$s`, `${s}`), or null (`-` closes). */
function descriptorNamed(target: string): string | null {
  const m = /^(\d+)-?$|^\$\{?([A-Za-z_]\w*)\}?$/.exec(target);
  return m ? (m[1] ?? m[2]!) : null;
}

/** `git add`'s words for the whole work tree, from its top (`-A` with no other pathspec, `:/`) or from the folder it runs in (`.`, `*`). */
const WHOLE_TREE = new Set(['-A', '--all', '--no-ignore-removal', ':/', ':']);
const WHOLE_FOLDER = new Set(['.', './', '*']);

/**
 * The tracked files changed since git's index (git-commits.ts), which `commit -a` and `add -u` take.
 * Judged away from the agent's machine, the work tree itself: what it holds is there, not here.
 */
const changedTracked = (ctx: ClassifyContext): string[] => (ctx.files?.onThisMachine === false ? [ctx.cwd] : (modifiedTrackedFiles(ctx.cwd) ?? []));

/** The files `git commit` takes (full paths): the paths it names, and with `-a` the tracked files changed since git's index. */
function committedPaths(args: readonly string[], ctx: ClassifyContext): string[] {
  const paths: string[] = [];
  let all = false;
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    if (a === '--') {
      paths.push(...args.slice(k + 1));
      break;
    }
    if (a.startsWith('--')) {
      if (a === '--all') all = true;
      else if (GIT_COMMIT_VALUE_OPTIONS.has(a)) k++;
    } else if (a.startsWith('-') && a.length > 1) {
      // A cluster of short options (`-am msg`): one that takes a value ends it, with the value glued or the next word.
      for (let c = 1; c < a.length; c++) {
        if (a[c] === 'a') all = true;
        else if (GIT_COMMIT_VALUE_OPTIONS.has(`-${a[c]}`)) {
          if (c === a.length - 1) k++;
          break;
        }
      }
    } else paths.push(a);
  }
  return [...paths.map((p) => localPath(p, ctx.cwd)), ...(all ? changedTracked(ctx) : [])];
}

/**
 * The files and folders `git add` names (full paths); with `-u` the tracked files changed since
 * git's index, and for the whole work tree (`-A`, `.`) those and the untracked files git does not
 * ignore (git-commits.ts). Judged away from the agent's machine, the work tree itself for both.
 */
function stagedPaths(args: readonly string[], cmd: SimpleCommand, ctx: ClassifyContext): string[] {
  if (args.includes('-u') || args.includes('--update')) return changedTracked(ctx);
  const words = args.includes('--') ? args.slice(args.indexOf('--') + 1) : args.filter((a) => !a.startsWith('-') || WHOLE_TREE.has(a));
  const named = words.filter((word) => !WHOLE_TREE.has(word) && !WHOLE_FOLDER.has(word));
  const whole = words.some((word) => WHOLE_FOLDER.has(word)) || (named.length === 0 && words.some((word) => WHOLE_TREE.has(word)));
  if (!whole) return named.map((word) => localPath(word, ctx.cwd));
  if (ctx.files?.onThisMachine === false) return [...named.map((word) => localPath(word, ctx.cwd)), ctx.cwd];
  const env = environmentOf(cmd, ctx);
  const top = !words.some((word) => WHOLE_FOLDER.has(word));
  return [...named.map((word) => localPath(word, ctx.cwd)), ...wholeTreeAdded(ctx.cwd, top, env.HOME || os.homedir(), env)];
}

/** How each package tool's publish is named in a summary (`mvn deploy to repo.acme.io`). */
const PUBLISH_VERBS: Record<string, string> = { mvn: 'deploy', mvnw: 'deploy', mvnd: 'deploy', dart: 'pub publish', flutter: 'pub publish', mix: 'hex.publish', dotnet: 'nuget push', nuget: 'push' };

/** The paths (full) what `tool`'s adds and commits earlier on the line took. */
const stagedFor = (tool: StagingTool, ctx: ClassifyContext): string[] => (ctx.staged ?? []).filter((staged) => staged.tool === tool).flatMap((staged) => staged.paths());

function commandView(cmd: SimpleCommand, ctx: ClassifyContext): CommandView {
  const program = basename(cmd.argv[0] ?? '');
  const args = cmd.argv.slice(1);
  // A network file (`> /dev/tcp/host/80`), or a descriptor an earlier `exec` opened to one (`>&3`).
  const opensForLater = program === 'exec' && cmd.argv.length === 1;
  const socketHosts = cmd.redirects.flatMap((r) => {
    const socket = FILE_WRITES.has(r.op) || r.op === '<>' || (r.op === '<' && opensForLater) ? NETWORK_FILE.exec(r.target) : null;
    const host = socket ? socket[1]!.toLowerCase() : ctx.sockets?.get(duplicated(r) ?? '');
    // `exec 3<>/dev/tcp/host/80` (or `exec 4>&3`, `exec >/dev/tcp/...`) opens it for the commands after it;
    // `exec 3>file` or `exec 3>&-` points the descriptor elsewhere again.
    if (opensForLater) {
      const fd = r.fd ?? (r.op === '<' || r.op === '<>' || r.op === '<&' ? '0' : '1');
      if (host === undefined) ctx.sockets?.delete(fd);
      else ctx.sockets?.set(fd, host);
      // `exec 3< customers.csv` (or `exec 3<> customers.csv`, `exec < customers.csv`, `exec 0<&3`) opens a file for the commands after it to read.
      const file = (r.op === '<' || r.op === '<>') && !socket ? localPath(r.target, ctx.cwd) : r.op === '<&' ? ctx.inputs?.get(descriptorNamed(r.target) ?? '') : undefined;
      if (file === undefined) ctx.inputs?.delete(fd);
      else ctx.inputs?.set(fd, file);
    }
    return host === undefined ? [] : [host];
  });
  const toStdout = socketHosts.length === 0 && !writesFile(cmd) ? ctx.sockets?.get('1') : undefined;
  if (socketHosts.length > 0 || toStdout !== undefined) {
    const to = [...new Set(toStdout === undefined ? socketHosts : [toStdout])];
    return { action: 'share', summary: `${program || 'output'} to ${to.join(', ')} over a network socket`, sent: [outputOf(cmd, ctx)], hosts: to.map((host) => ({ host, encrypted: false })) };
  }
  // `python3 -m http.server 8000 & ngrok http 8000` (served-folders.ts): the tunnel publishes the folder the line's server serves (setUpOnLine).
  const tunnel = tunnelledPort(cmd.argv, ctx.cwd);
  if (tunnel) {
    const folder = tunnel.folder ?? ctx.served?.get(tunnel.port ?? '');
    const sent = folder === undefined ? [] : [readSentFile(folder, ctx, WHOLE)];
    return { action: folder === undefined ? 'process' : 'share', summary: `${program} tunnel to ${tunnel.host}`, sent, hosts: [{ host: tunnel.host, encrypted: true }] };
  }
  // `heroku run cmd`, `kubectl exec pod -- cmd` (platform-runs.ts): the command, and the input, to the platform's machine.
  const platform = platformRun(cmd.argv);
  if (platform) {
    const input = stdinOf(cmd, ctx);
    const command = platformCommand(platform);
    return { action: input || command ? 'share' : 'process', summary: `${program} to ${platform.host}`, sent: [command, input], hosts: [{ host: platform.host, encrypted: true }] };
  }
  const upload = uploadView(program, args, cmd, ctx);
  if (upload) return upload;
  // A hosting deploy (`vercel`, `netlify deploy`, `firebase deploy`, `surge`, `railway up`, `fly deploy`, `wrangler deploy`) uploads a folder
  // (hosting-deploys.ts reads which); the values on the line (`vercel -e KEY=VALUE`, `fly deploy -e`) go with it.
  const sources = commandSources(cmd, ctx);
  const hosting = hostingDeploy(program, args, ctx.cwd, folderReader(ctx), sources.input);
  if (hosting) return { action: 'share', summary: hosting.map((h) => h.summary).join('; '), sent: [...hosting.map((h) => h.text), args.join(' ')], hosts: hosting.map(({ host }) => ({ host, encrypted: true })) };
  // `terraform apply` (terraform-runs.ts): the configuration's values, the files it reads and its variables, to its providers and its state's backend.
  const terraform = terraformApply(cmd.argv, ctx.cwd, environmentOf(cmd, ctx), (file) => readSentFile(file, ctx));
  if (terraform) {
    const sent = [...terraform.files.map((file) => readSentFile(file, ctx, WHOLE)), ...terraform.texts];
    return { action: 'share', summary: `${program} ${terraform.command} to ${terraform.hosts.join(', ')}`, sent, hosts: terraform.hosts.map((host) => ({ host, encrypted: true })) };
  }
  // `cdk deploy`, `pulumi up` (infrastructure-apps.ts): the app's code and that of the local modules it imports, its config, and the assets it names.
  // Their project files are read here only where the call runs on this machine (the hosted endpoint never reads its own files for a caller).
  const onThisMachine = ctx.files?.onThisMachine !== false;
  const pulumiEnv = program === 'pulumi' ? environmentOf(cmd, ctx) : {};
  const app = !onThisMachine ? null : (cdkDeploy(cmd.argv, ctx.cwd) ?? (program === 'pulumi' ? pulumiUp(cmd.argv, ctx.cwd, pulumiEnv, pulumiEnv.HOME || os.homedir()) : null));
  if (app) {
    const entryCode = app.entry === null ? '' : scriptText(app.entry, ctx);
    const files = app.entry === null ? [] : [app.entry, ...importedFiles(entryCode, path.dirname(app.entry), ctx)];
    const codes = files.map((file) => ({ file, code: file === app.entry ? entryCode : scriptText(file, ctx) }));
    const assets = [...new Set(codes.flatMap(({ file, code }) => assetPaths(code, file, app.folder)))];
    const hosts = [...new Set([...(program === 'pulumi' ? programProviders(codes.map((c) => c.code).join('\n')) : []), ...app.hosts])];
    if (hosts.length === 0) return { action: 'create', summary: `${program} deploy (local)`, sent: [], hosts: [] };
    const sent = [...codes.map((c) => c.code), ...app.texts, ...assets.map((asset) => readSentFile(asset, ctx, WHOLE)), app.assembly === null ? '' : readSentFile(app.assembly, ctx, WHOLE)];
    return { action: 'share', summary: `${program} ${args.find((a) => !a.startsWith('-')) ?? 'deploy'} to ${hosts.join(', ')}`, sent, hosts: hosts.map((host) => ({ host, encrypted: true })) };
  }
  // A setting or secret a hosting or secrets service's command stores there (`vercel env add`, `fly secrets set`, `vault kv put`;
  // service-settings.ts): the values on the line, its input and the files it names.
  const setting = serviceSetting(program, args, sources);
  if (setting) return { action: 'share', summary: setting.summary, sent: setting.sent, hosts: [{ host: setting.host, encrypted: setting.encrypted }] };
  // A service's API through its CLI (`stripe customers create --email ...`, `firebase auth:import users.csv`; service-clis.ts),
  // a language model's (`llm "..." < f`, `claude -p`; model-clis.ts), a message to people (`ntfy publish`, `apprise`; message-senders.ts): a share where what it sends holds personal data, as a call without any is a read.
  const service = serviceCall(program, args, sources) ?? modelPrompt(program, args, sources) ?? messageSend(program, args, sources);
  if (service) return { action: 'read', summary: service.summary, sent: service.sent, hosts: [{ host: service.host, encrypted: true }] };
  // GitLab's CLI, as gh to GitHub (gitlab-cli.ts): an issue's or merge request's text, a snippet's files, a variable's value, `glab api`'s fields.
  const gitlab = program === 'glab' ? glabSend(args, sources) : null;
  if (gitlab) return { action: 'share', summary: gitlab.summary, sent: gitlab.sent, hosts: [{ host: gitlab.host, encrypted: true }] };
  if (program === 'curl') return curlView(cmd, ctx);
  if (program === 'wget') return wgetView(cmd, ctx);
  if (program === 'scp' || program === 'rsync' || program === 'pscp') return copyView(cmd, ctx);
  if (program === 'ansible' || program === 'ansible-playbook') return ansibleView(program, cmd, ctx);
  if (program === 'sftp' || program === 'ftp' || program === 'lftp' || program === 'smbclient' || program === 'tftp') return ftpView(cmd, ctx);
  if (program === 'ssh' || program === 'mosh') return sshView(cmd, ctx);
  if (program === 'socat') return socatView(cmd, ctx);
  if (program === 'nc' || program === 'ncat' || program === 'netcat' || program === 'telnet') return netcatView(cmd, ctx);
  if (program === 'http' || program === 'https' || program === 'xh') return httpieView(cmd, ctx);
  const web = webClientCall(program, args);
  if (web) return webClientView(program, web, cmd, ctx);
  if (program === 'openssl' && (args[0] === 's_client' || args[0] === 's_time')) {
    const at = args.findIndex((a) => a === '-connect');
    const target = at >= 0 ? (args[at + 1] ?? '') : '';
    const hosts = hostsOf(target ? [`https://${target}`] : []);
    return { action: 'share', summary: `openssl s_client to ${hosts[0]?.host ?? 'a host'}`, sent: [stdinOf(cmd, ctx)], hosts };
  }
  if (MAILERS.has(program)) {
    // Attachments: `mail -A file`, `mutt -a a.csv b.csv --`, `swaks --attach @file`.
    const attached: string[] = [];
    const words: string[] = [];
    for (let k = 0; k < args.length; k++) {
      const a = args[k]!;
      if (a === '-a' || a === '-A' || a === '--attach') {
        do attached.push((args[++k] ?? '').replace(/^@/, ''));
        while (program === 'mutt' && k + 1 < args.length && !args[k + 1]!.startsWith('-'));
      } else words.push(a);
    }
    const recipients = words.filter((a) => a.includes('@'));
    const domains = recipients.map(domainOf);
    // A recipient's address is where the mail goes, not data in it.
    const text = words.filter((a) => !recipients.includes(a)).join(' ');
    const sent = [text, stdinOf(cmd, ctx), ...attached.map((file) => readSentFile(file, ctx))];
    return { action: 'share', summary: `${program} to ${domains.join(', ') || 'a recipient'}`, sent, hosts: domains.map((host) => ({ host, encrypted: false })) };
  }
  if (program === 'git') {
    const sub = args.find((a) => !a.startsWith('-'));
    // `git lfs push REMOTE [REF]` uploads the LFS objects of the commits a push of REF would send (git-commits.ts reads them as a push does).
    const lfs = sub === 'lfs' && args[args.indexOf('lfs') + 1] === 'push';
    if (sub === 'push' || lfs) {
      const [remote = 'origin', refspec = null] = wordsOf(args.slice(args.indexOf('push') + 1), GIT_PUSH_VALUE_OPTIONS).operands;
      const host = hostOf(remote) ?? `git remote ${remote}`;
      // What `git add` named earlier on the line is in what it pushes, and what the branch's commits changed since the remote's (git-commits.ts).
      const unpushed = ctx.files?.onThisMachine === false ? null : unpushedFiles(ctx.cwd, remote, refspec);
      if (unpushed?.unread) ctx.uninspected?.add(unpushed.unread, true);
      const sent = [...stagedFor('git', ctx).map((full) => readSentFile(full, ctx, WHOLE)), unpushed?.text ?? ''];
      return { action: 'share', summary: `git ${lfs ? 'lfs push' : 'push'} to ${host}`, sent, hosts: [{ host, encrypted: true }] };
    }
    if (sub === 'send-email') return sendEmailView(args.slice(args.indexOf('send-email') + 1), ctx);
    // Found only when a push on the line sends them: the work tree is not walked for an add alone.
    if (sub === 'add') ctx.staged?.push({ tool: 'git', paths: () => stagedPaths(args.slice(args.indexOf('add') + 1), cmd, ctx) });
    if (sub === 'commit') ctx.staged?.push({ tool: 'git', paths: () => committedPaths(args.slice(args.indexOf('commit') + 1), ctx) });
    if (sub === 'rm' || sub === 'clean') return { action: 'delete', summary: `git ${sub}`, sent: [], hosts: [] };
    if (sub === 'clone' || sub === 'fetch' || sub === 'pull') return { action: 'read', summary: `git ${sub}`, sent: [], hosts: [] };
    return { action: sub === 'commit' || sub === 'add' || sub === 'checkout' || sub === 'merge' ? 'modify' : 'process', summary: `git ${sub ?? ''}`.trim(), sent: [], hosts: [] };
  }
  // Subversion and Mercurial (other-repositories.ts): what the line adds or names, when a commit (svn) or push (hg) sends it.
  const repository = repositoryCommand(cmd.argv, ctx.cwd);
  if (repository) {
    const { tool, command, operands, folder } = repository;
    const paths = operands.filter((word) => !isRepositoryUrl(word)).map((word) => localPath(word, folder));
    if (command === 'add' || (tool === 'hg' && command === 'commit')) {
      ctx.staged?.push({ tool, paths: () => paths });
      return { action: 'modify', summary: `${tool} ${command}`, sent: [], hosts: [] };
    }
    // The working copy's own files (.svn/wc.db, .hg/hgrc) are read only where the call runs on this machine.
    const copy = ctx.files?.onThisMachine === false ? null : folder;
    const to =
      tool === 'svn' && command === 'import' ? (hostOf(operands.at(-1) ?? '') ?? 'svn:repository') : tool === 'svn' && command === 'commit' ? svnRepositoryHost(copy) : tool === 'hg' && command === 'push' ? hgPushHost(operands[0], copy) : null;
    if (to !== null) {
      const sent = command === 'import' ? [readSentFile(operands.length > 1 ? paths[0]! : folder, ctx, WHOLE)] : [...stagedFor(tool, ctx), ...(command === 'commit' ? paths : [])].map((full) => readSentFile(full, ctx, WHOLE));
      return { action: 'share', summary: `${tool} ${command} to ${to}`, sent, hosts: [{ host: to, encrypted: true }] };
    }
  }
  if (CONTAINER_TOOLS.has(program) || COMPOSE_TOOLS.has(program)) {
    const view = containerView(program, args, cmd, ctx);
    if (view) return view;
  }
  // `npm pack`: the tarball it writes holds what it packs, so a publish of it later on the line sends that; the pack itself sends nothing.
  for (const { tarball, folder } of PACKAGE_MANAGERS.has(program) ? (npmPack(program, args, ctx.cwd, folderReader(ctx)) ?? []) : []) {
    ctx.files?.write(tarball, ctx.cwd, (unread) => packageContents(folder, folderReader({ ...ctx, uninspected: unread })));
  }
  // `python -m build`, `uv build`, `poetry build`, ... (python-packages.ts): the sdist and wheel it writes hold the project's package,
  // so a publish of them later on the line sends that; a Python publish sends the built files it names, or what it builds.
  const build = pythonBuild(cmd.argv, ctx.cwd, folderReader(ctx));
  if (build) {
    for (const [archive, kind] of [[build.sdist, 'sdist'], [build.wheel, 'wheel']] as const) {
      if (archive !== null) ctx.files?.write(archive, ctx.cwd, (unread) => pythonPackageContents(build.folder, kind, folderReader({ ...ctx, uninspected: unread })));
    }
    return { action: 'create', summary: `${program} build (local)`, sent: [], hosts: [] };
  }
  const python = pythonPublish(cmd.argv, ctx.cwd, environmentOf(cmd, ctx), folderReader(ctx));
  if (python?.dryRun) return { action: 'process', summary: `${program} publish --dry-run (local)`, sent: [], hosts: [] };
  if (python) {
    const built = python.builds === null ? [] : (['sdist', 'wheel'] as const).map((kind) => pythonPackageContents(python.builds!.folder, kind, folderReader(ctx)));
    const sent = [...python.files.map((file) => readSentFile(file, ctx, WHOLE)), ...built];
    return { action: 'share', summary: `${program} publish to ${python.registry}`, sent, hosts: [{ host: python.registry, encrypted: true }] };
  }
  // `gem build` (ruby-gems.ts): the gem it writes holds what its gemspec's `files` lists, so a `gem push` of it later on the line sends that;
  // `gem push` sends the gems it is given (one built earlier is opened as the archive it is); `rake release` builds and pushes.
  const gem = gemBuild(cmd.argv, ctx.cwd, folderReader(ctx));
  if (gem) {
    ctx.files?.write(gem.gem, ctx.cwd, (unread) => gemContents(gem.folder, gem.gemspec, folderReader({ ...ctx, uninspected: unread })));
    return { action: 'create', summary: 'gem build (local)', sent: [], hosts: [] };
  }
  if (program === 'gem' && args[0] === 'push') {
    const host = gemPushHost(args.slice(1), environmentOf(cmd, ctx));
    const gems = wordsOf(args.slice(1), GEM_PUSH_VALUE_OPTIONS).operands.map((file) => readSentFile(file, ctx));
    return { action: 'share', summary: `gem push to ${host}`, sent: gems, hosts: [{ host, encrypted: true }] };
  }
  const release = rakeRelease(cmd.argv, ctx.cwd, folderReader(ctx));
  if (release !== null) {
    const host = gemPushHost([], environmentOf(cmd, ctx));
    return { action: 'share', summary: `rake release to ${host}`, sent: [gemContents(ctx.cwd, release, folderReader(ctx))], hosts: [{ host, encrypted: true }] };
  }
  // `dvc add PATH... && dvc push` (dvc-pushes.ts): the push sends what the project's .dvc and dvc.lock files name, and what the add added.
  const added = dvcAdd(cmd.argv, ctx.cwd);
  if (added !== null) {
    ctx.staged?.push({ tool: 'dvc', paths: () => added });
    return { action: 'modify', summary: 'dvc add (local)', sent: [], hosts: [] };
  }
  if (program === 'dvc' && (args[0] === 'push' || args[0] === 'add')) {
    const env = environmentOf(cmd, ctx);
    const push = ctx.files?.onThisMachine === false ? null : dvcPush(cmd.argv, ctx.cwd, env.HOME || os.homedir(), env, stagedFor('dvc', ctx));
    if (push === null || push.host === null) return { action: 'process', summary: `dvc ${args[0]} (local)`, sent: [], hosts: [] };
    return { action: 'share', summary: `dvc ${args[0]} to ${push.host}`, sent: push.outputs.map((full) => readSentFile(full, ctx, WHOLE)), hosts: [{ host: push.host, encrypted: true }] };
  }
  // `dotnet publish`, `dotnet pack` (dotnet-builds.ts): the app folder or package they write holds the project's folder, for a later command on the line to send.
  const dotnet = ctx.files?.onThisMachine === false ? null : dotnetOutputs(cmd.argv, ctx.cwd, folderReader(ctx));
  if (dotnet !== null) {
    for (const { file, project } of dotnet) ctx.files?.write(file, ctx.cwd, (unread) => projectText(project, folderReader({ ...ctx, uninspected: unread })));
    return { action: 'create', summary: `dotnet ${args[0]} (local)`, sent: [], hosts: [] };
  }
  // `mvn package`, `gradle build` (maven-publishes.ts): each module's jar holds its src/main, so an `scp target/*.jar` later on the line sends that.
  const jvm = jvmBuild(cmd.argv, ctx.cwd, folderReader(ctx));
  const jars = jvm?.jars ?? [];
  for (const { jar, module } of jars) ctx.files?.write(jar, ctx.cwd, (unread) => jarText(module, folderReader({ ...ctx, uninspected: unread })));
  // Maven's and Gradle's (maven-publishes.ts), Dart's, Hex's and NuGet's (package-publishes.ts): a repository in the build's folder or on this machine receives nothing.
  const library = jvm?.publish ?? pubPublish(cmd.argv, ctx.cwd, () => environmentOf(cmd, ctx), folderReader(ctx)) ?? hexPublish(cmd.argv, ctx.cwd, () => environmentOf(cmd, ctx), folderReader(ctx));
  const nuget = library === null ? nugetPush(cmd.argv, ctx.cwd, folderReader(ctx)) : null;
  const published = nuget === null ? library : { host: nuget.host, sent: nuget.packages.map((file) => readSentFile(file, ctx)) };
  if (published !== null) {
    const verb = `${program} ${PUBLISH_VERBS[program] ?? 'publish'}`;
    if (published.host === null) return { action: 'create', summary: `${verb} (local repository)`, sent: [], hosts: [] };
    return { action: 'share', summary: `${verb} to ${published.host}`, sent: published.sent, hosts: [{ host: published.host, encrypted: true }] };
  }
  if (jars.length > 0) return { action: 'create', summary: `${program} build (local)`, sent: [], hosts: [] };
  const publishes = args.includes('publish') || program === 'np';
  if (publishes && REGISTRIES[program]) {
    // What npm's (np's, lerna's) and cargo's publishes pack is read (published-packages.ts); a dry run sends nothing.
    const publish = program === 'cargo' ? cargoPublish(args, ctx.cwd, folderReader(ctx)) : npmPublish(program, args, ctx.cwd, REGISTRIES[program]!, folderReader(ctx), npmEnvironment(cmd, ctx));
    if (publish === null) return { action: 'process', summary: `${program} publish --dry-run (local)`, sent: [], hosts: [] };
    const hosts = publish.registries.map((host) => ({ host, encrypted: true }));
    return { action: 'share', summary: `${program} publish to ${publish.registries.join(', ')}`, sent: [publish.sent], hosts };
  }
  if (DELETERS.has(program)) return { action: 'delete', summary: `${program} (local delete)`, sent: [], hosts: [] };
  if (program === 'find' && args.includes('-delete')) return { action: 'delete', summary: 'find -delete (local delete)', sent: [], hosts: [] };
  // What find -exec runs is judged on its own (bash.ts unwraps it); find itself only lists files.
  if (program === 'find') return { action: 'process', summary: 'find (local)', sent: [], hosts: [] };
  if (DATABASES.has(program)) return databaseView(cmd, ctx);
  // Programs that only print or edit local files cannot send anything: a URL in what they write
  // (a config file, a README) is text, not a destination.
  if (NEVER_SENDS.has(program) || (program === 'npm' && args[0] === 'pkg')) {
    return { action: writesFile(cmd) || program === 'npm' ? 'modify' : 'process', summary: `${program} (local)`, sent: [], hosts: [] };
  }
  // Any other program (python -c, node -e, a script): if its text names a remote URL and carries
  // regulated data, that data is taken as going there. An interpreter's script file is its text too
  // where its code sends (a package's setup.py naming its home page and its author's address does not).
  // `deno run x.ts`, `bun run x.ts`: the script follows the subcommand.
  const { operands, script } = interpreterRun(program, args);
  // With no script and no inline code, the program comes in on its input: `python3 < send.py`, `cat send.js | node -`.
  const programOnInput = INTERPRETER.test(program) && program !== 'k6' && !COMPILED_RUNS.has(program) && script === null && !operands.some((a) => PROGRAM_IN_ARGUMENTS.has(a));
  // Its environment too: a URL or data given in it (`API_URL=https://... python3 up.py`, an `export` earlier on the line).
  const text = [...Object.values(cmd.env), args.join(' '), programOnInput ? stdinOf(cmd, ctx) : (cmd.stdin ?? '')].join('\n');
  // Its code, when it sends: a script file's or a module's, or the code given inline (`python3 -c`, `node -e`,
  // a heredoc), with the local modules it imports and the files it names (`open("customers.csv")`).
  // (A compiled language's command that runs no program of the agent's, `go build`, `java -jar app.jar`, has no code here.)
  const source = INTERPRETER.test(program) && !(COMPILED_RUNS.has(program) && script === null) ? programCode(program, operands, script, text, ctx) : '';
  // Where it sends with no URL: an SDK's service (boto3's upload_file), a host it gives a mail or file-transfer client.
  const named = source ? destinationsInCode(source) : [];
  const code = named.length > 0 || SENDS_IN_CODE.test(source) ? source : '';
  // What code that sends reads from its environment: where it sends, and the files it names.
  const environment = code ? environmentReadBy(code, cmd, ctx) : { hosts: [], files: [] };
  const remote = (host: string) => resolveDestination(host, ctx.destinations).destination !== 'local';
  const hosts: { host: string; encrypted: boolean }[] = [];
  for (const m of `${text}\n${withoutDocstrings(code)}`.matchAll(URL_IN_TEXT)) {
    const host = hostOf(m[0]);
    if (host && remote(host)) hosts.push({ host, encrypted: ENCRYPTED_URL.test(m[0]) });
  }
  const withUrl = hosts.length > 0;
  for (const d of [...named, ...environment.hosts]) if (remote(d.host)) hosts.push(d);
  if (hosts.length === 0) return { action: writesFile(cmd) ? 'modify' : 'process', summary: `${program} (local)`, sent: [], hosts: [] };
  // Code that sends may send the files it names and what it is given: the files its arguments name and
  // what comes in on stdin (`python3 upload.py customers.csv`, `... < customers.csv`, `cat x | node -e "..."`).
  const summary = withUrl ? `${program} with a remote URL` : `${program} sending to ${hosts.map((d) => d.host).join(', ')}`;
  const reach = code && [scriptReach(code, operands, script, cmd, ctx), ...environment.files.map((file) => readSentFile(file, ctx))].join('\n');
  // A value its environment is given by a substitution (`export ROWS=$(cat customers.csv) && python3 up.py`) is what that writes.
  return { action: 'process', summary, sent: [text, substitutedIn(Object.values(cmd.env).join('\n'), ctx)], code: reach, hosts };
}

/** What a command reads besides its words, for the readers of a service's command line: its input, a file it names (`-` its input, a folder whole), its environment. */
function commandSources(cmd: SimpleCommand, ctx: ClassifyContext): CommandSources {
  return { input: () => stdinOf(cmd, ctx), read: (file) => fileOrStdin(file, cmd, ctx, WHOLE), env: () => environmentOf(cmd, ctx) };
}

/** The environment a command runs with: the line's over the hook's where the call was made; elsewhere (the hosted MCP endpoint) the agent's is not here to read, only the line's. */
function environmentOf(cmd: SimpleCommand, ctx: ClassifyContext): Readonly<Record<string, string | undefined>> {
  if (ctx.files?.onThisMachine === false) return cmd.env;
  // Copying the hook's environment takes tens of microseconds, for every command read: only where the line sets a variable.
  for (const _ in cmd.env) return { ...process.env, ...cmd.env };
  return process.env;
}

/** A value that names a file (`customers.csv`, `./exports/leads.json`, `/data/out`), not a key or a sentence. */
const FILE_PATH = /^(?=.*[./])[\w./-]{1,4096}$/;

/**
 * What code that sends reads from its environment (the line's, over the hook's where the call was
 * made, or else the value the code falls back on): the hosts of the URLs and hosts it finds there
 * (`requests.post(os.environ["WEBHOOK_URL"], ...)`, `SMTP(os.getenv("SMTP_HOST"))`), a destination's
 * variable that is not set here by its name (`$WEBHOOK_URL`: it sends somewhere not known before it
 * runs), and the files the others name (`CSV_PATH=customers.csv`), less the compiled programs it runs.
 */
function environmentReadBy(code: string, cmd: SimpleCommand, ctx: ClassifyContext): { hosts: { host: string; encrypted: boolean }[]; files: string[] } {
  const env = environmentOf(cmd, ctx);
  const hosts: { host: string; encrypted: boolean }[] = [];
  const files: string[] = [];
  for (const [name, fallback] of environmentReadIn(code)) {
    const value = ((Object.hasOwn(env, name) ? env[name] : undefined) || fallback)?.trim() ?? '';
    const destination = DESTINATION_VARIABLE.test(name);
    // A URL's host, or a host (and port) kept under a destination's name (`SMTP_HOST=smtp.acme.io:587`).
    const named = value.replace(/:\d{1,5}$/, '').toLowerCase();
    const host = value.includes('://') ? hostOf(value) : destination && HOST_LIKE.test(named) ? named : null;
    if (host) hosts.push({ host, encrypted: ENCRYPTED_URL.test(value) });
    else if (value === '' && destination) hosts.push({ host: `$${name}`, encrypted: false });
    // A program it runs (`NODE=.tools/node`, `RUNNER=/usr/bin/python3`) is not data it sends.
    else if (FILE_PATH.test(value) && ctx.files?.isProgram(localPath(value, ctx.cwd)) !== true) files.push(value);
  }
  return { hosts, files };
}

/**
 * An interpreter's words after its name: the operands its program follows (after `deno run`, `bun
 * run`, `k6 run`), and the script file it runs, or null (inline code, a module, a prompt; k6's other
 * commands).
 */
function interpreterRun(program: string, args: readonly string[]): { operands: readonly string[]; script: string | null } {
  let operands = (program === 'deno' || program === 'bun' || program === 'k6') && args[0] === 'run' ? args.slice(1) : args;
  // `deno eval CODE` and `php -r CODE` give their code inline, as `-e` does elsewhere.
  if (program === 'deno' && args[0] === 'eval') operands = ['-e', ...args.slice(1)];
  if (program === 'php') operands = args.map((a) => (a === '-r' ? '-e' : a));
  if (program === 'k6') return { operands, script: args[0] === 'run' ? scriptOperand(operands, K6_VALUE_OPTIONS, new Set()) : null };
  // Compiled languages' run commands, each the program's main file; their other commands run no script of the agent's.
  // `go run up.go`, `go run ./cmd/up` (the package's main.go).
  if (program === 'go') {
    if (args[0] !== 'run') return { operands: [], script: null };
    const rest = args.slice(1);
    const target = rest[optionsEnd(rest, GO_RUN_VALUE_OPTIONS)];
    return { operands: rest, script: target === undefined ? null : target.endsWith('.go') ? target : path.join(target, 'main.go') };
  }
  // `cargo run [--bin NAME] [--manifest-path DIR/Cargo.toml]`: src/main.rs, or src/bin/NAME.rs.
  if (program === 'cargo') {
    if (args[0] !== 'run' && args[0] !== 'r') return { operands: [], script: null };
    const words = wordsOf(args.slice(1, args.includes('--') ? args.indexOf('--') : args.length), CARGO_RUN_VALUE_OPTIONS);
    const folder = path.dirname(lastValue(words, '--manifest-path') ?? 'Cargo.toml');
    const bin = lastValue(words, '--bin');
    return { operands: args.includes('--') ? args.slice(args.indexOf('--')) : [], script: path.join(folder, 'src', bin === undefined ? 'main.rs' : path.join('bin', `${bin}.rs`)) };
  }
  // `java Up.java` (a single source file run as it is); `java -jar`, a class name: compiled code, not read.
  if (program === 'java') {
    const at = args.findIndex((a) => a.endsWith('.java') && !a.startsWith('-'));
    return { operands: at < 0 ? [] : args.slice(at), script: at < 0 ? null : args[at]! };
  }
  // `dotnet run [--project DIR]`: the project's Program.cs.
  if (program === 'dotnet') {
    if (args[0] !== 'run') return { operands: [], script: null };
    const project = lastValue(wordsOf(args.slice(1), new Set(['--project', '-p', '-c', '--configuration', '-f', '--framework', '-r', '--runtime', '--launch-profile', '-lp'])), '--project', '-p');
    const folder = project === undefined ? '.' : /\.\w+proj$/.test(project) ? path.dirname(project) : project;
    return { operands: args.includes('--') ? args.slice(args.indexOf('--')) : [], script: path.join(folder, 'Program.cs') };
  }
  return { operands, script: INTERPRETER.test(program) ? scriptOperand(operands, INTERPRETER_VALUE_OPTIONS, PROGRAM_IN_ARGUMENTS) : null };
}

/**
 * What code may read, and so send or write: the code itself, the files it names in quotes
 * (`open("customers.csv")`), the files its arguments name and what comes in on stdin (`python3
 * upload.py customers.csv`, `... < customers.csv`, `cat x | node -e "..."`).
 */
function scriptReach(code: string, operands: readonly string[], script: string | null, cmd: SimpleCommand, ctx: ClassifyContext, stages = 0): string {
  return [code, filesNamedIn(code, ctx), ...givenTo(operands, script).map((word) => readSentFile(word, ctx, WHOLE)), stdinOf(cmd, ctx, stages)].join('\n');
}

/**
 * The words a script or inline code is given after it (`upload.py customers.csv --out=report.json`,
 * `-c "..." customers.csv`, `- customers.csv` for code on stdin): the files it may read.
 */
function givenTo(operands: readonly string[], script: string | null): string[] {
  const inline = operands.findIndex((a) => PROGRAM_IN_ARGUMENTS.has(a));
  const at = script !== null ? operands.indexOf(script) : inline >= 0 ? inline + 1 : operands.indexOf('-');
  if (at < 0) return [];
  return operands.slice(at + 1).flatMap((a) => (!a.startsWith('-') ? [a] : a.includes('=') ? [a.slice(a.indexOf('=') + 1)] : []));
}

/** Programs that run a script file named as their first operand (`python3 send.py`, `node upload.js`), k6 a load test's (`k6 run load.js`), a compiled language's run command its program's (`go run up.go`, `cargo run`, `java Up.java`, `dotnet run`). */
const INTERPRETER = /^(?:python[\d.]*|ipython[\d.]*|pypy[\d.]*|node|nodejs|deno|bun|tsx|ts-node|ruby|perl|php|rscript|lua(?:jit)?|groovy|pwsh|powershell|k6|go|cargo|java|dotnet)$/i;
/** Of those, the compiled languages' run commands, which never take their program on their input. */
const COMPILED_RUNS = new Set(['go', 'cargo', 'java', 'dotnet']);
/** `cargo run`'s options that take the next word as a value. */
const CARGO_RUN_VALUE_OPTIONS = new Set(['--bin', '--example', '-p', '--package', '--manifest-path', '--features', '-F', '--target', '--target-dir', '--profile', '-j', '--jobs', '--color', '--config', '-Z']);
/** `go run`'s options that take the next word as a value. */
const GO_RUN_VALUE_OPTIONS = new Set(['-C', '-tags', '-ldflags', '-gcflags', '-asmflags', '-exec', '-mod', '-modfile', '-overlay', '-pgo', '-p', '-o', '-toolexec', '-buildmode', '-compiler', '-gccgoflags', '-installsuffix', '-pkgdir']);
/** Their options that take the next word as a value (`node -r dotenv/config x.js`, `python -W ignore x.py`). */
const INTERPRETER_VALUE_OPTIONS = new Set(['-W', '-X', '-r', '--require', '--import', '--loader', '--experimental-loader', '-C', '--conditions', '-I']);
/** `k6 run`'s options that take the next word as a value (`k6 run -u 10 -d 30s -e HOST=... load.js`). */
const K6_VALUE_OPTIONS = new Set([
  ...['-u', '--vus', '-d', '--duration', '-i', '--iterations', '-s', '--stage', '-e', '--env', '-o', '--out', '-c', '--config', '-a', '--address', '--tag', '--rps', '--summary-export'],
  ...['--log-output', '--log-format', '--console-output', '--user-agent', '--max-redirects', '--batch', '--batch-per-host', '--execution-segment', '--compatibility-mode', '--setup-timeout', '--teardown-timeout'],
]);
/**
 * A file name in quotes in code (`open("customers.csv")`, `readFileSync('./exports/leads.json')`,
 * `glob.glob("exports/*.csv")`): a path with an extension, or a glob of them.
 */
const FILE_NAME_IN_CODE = /(['"`])((?:\.{0,2}\/)?[\w.*?-]+(?:\/[\w.*?-]+)*\.[A-Za-z0-9*]{1,8})\1/g;
/**
 * The same in PowerShell's words, where a path needs no quotes: a cmdlet's `-InFile`, `-Path`,
 * `-LiteralPath` or `-FilePath` (`Invoke-RestMethod -InFile customers.csv`), and Get-Content's or
 * Import-Csv's first word (`Get-Content -Raw customers.csv`).
 */
const FILE_NAME_IN_POWERSHELL = /(?:-(?:InFile|Path|LiteralPath|FilePath)|\b(?:Get-Content|Import-Csv)(?:\s+-Raw)?)\s+(['"]?)((?:\.{0,2}[\\/])?[\w.*?-]+(?:[\\/][\w.*?-]+)*\.[A-Za-z0-9*]{1,8})\1/gi;
/** The same in Ruby's and Perl's quote operators, which shell one-liners use for want of quotes: `%q(customers.csv)`, `q(customers.csv)`, `qq{...}`. */
const FILE_NAME_IN_QUOTE_OPERATOR = /(?:%[qQ]|\bqq?)([([{<])((?:\.{0,2}\/)?[\w.*?-]+(?:\/[\w.*?-]+)*\.[A-Za-z0-9*]{1,8})[)\]}>]/g;
/** A path code joins from parts in quotes (`os.path.join("data", "export.csv")`, `path.join('exports', 'leads.json')`); a trailing comma's spaces are read once (`\s*,?\s*` rescans them). */
const JOINED_PATH_IN_CODE = /\b(?:path\.join|path\.resolve|joinpath|Path)\s*\(\s*((?:(['"])[\w.*?/-]{1,255}\2\s*,\s*){1,8}(['"])[\w.*?/-]{1,255}\3)\s*(?:,\s*)?\)/g;
/** How many of them a script's files are looked for (each is a look at the disk). */
const MAX_FILES_NAMED_IN_CODE = 64;

/** Where installed programs live (the system's, a package manager's): their code is not the agent's, and not read as what it sends. */
const INSTALLED = /^\/(?:usr|bin|sbin|lib\w*|opt|snap|nix)\/|\/(?:node_modules|site-packages|dist-packages)\//;
/** A line that is only a comment (`#`, `//`, a block comment's): an author's address in a header is not sent. */
const COMMENT_LINE = /^[ \t]*(?:#|\/\/|\/?\*).*$/gm;

/**
 * A script's code: its text without its comment lines, when it is a text file outside the
 * installed programs; '' otherwise. The script is the program, not data: what of it is left unread
 * (a file past the bounds) does not block the call.
 */
function scriptText(script: string, ctx: ClassifyContext): string {
  if (!isScriptFile(localPath(script, ctx.cwd), ctx)) return '';
  const text = ctx.files!.read(script, ctx.cwd, new Unread());
  // A notebook's program is its code cells' Python (notebooks.ts).
  return (/\.ipynb$/i.test(script) ? notebookCode(text).python : text).replace(COMMENT_LINE, '');
}

/** A text file outside the installed programs: one the agent may have written. */
const isScriptFile = (full: string, ctx: ClassifyContext) => !INSTALLED.test(full) && ctx.files?.isText(full) === true;

/**
 * The code an interpreter runs: its script file's, the module's Python runs (`python3 -m
 * crm.upload`, found from the folder the call is made in), or the code given inline; with the code
 * of the local modules it imports (`from uploader import push`, `import { push } from
 * "./uploader.js"`), one level deep.
 */
function programCode(program: string, operands: readonly string[], script: string | null, inline: string, ctx: ClassifyContext): string {
  const moduleAt = /^(?:python|pypy)/i.test(program) && script === null ? operands.indexOf('-m') : -1;
  const file = script !== null ? localPath(script, ctx.cwd) : moduleAt >= 0 ? pythonModule(operands[moduleAt + 1] ?? '', ctx.cwd, ctx, '__main__.py') : null;
  const code = file !== null ? scriptText(file, ctx) : inline;
  // `go run ./cmd/up` builds the package: the folder's other .go files (not its tests) are its code too.
  const packageCode = program === 'go' && file !== null && ctx.files?.onThisMachine !== false && !operands.some((a) => a.endsWith('.go')) ? goPackageFiles(file).map((full) => scriptText(full, ctx)) : [];
  return code && [code, ...packageCode, importedCode(code, file !== null ? path.dirname(file) : ctx.cwd, ctx)].join('\n');
}

/** The other files of the Go package whose main.go is `main` (full paths; not its tests), at most MAX_LOCAL_MODULES. */
function goPackageFiles(main: string): string[] {
  try {
    const names = fs.readdirSync(path.dirname(main)).filter((name) => name.endsWith('.go') && !name.endsWith('_test.go') && name !== path.basename(main));
    return names.sort().slice(0, MAX_LOCAL_MODULES).map((name) => path.join(path.dirname(main), name));
  } catch {
    return [];
  }
}

/**
 * The local modules code imports: Python's (`from uploader import push`, `import crm.upload`, `from
 * .send import x`) and JavaScript's by a relative path (`from "./uploader.js"`, `require("../send")`,
 * `import("./x.mjs")`).
 */
const LOCAL_IMPORT =
  /^[ \t]*from[ \t]+(\.{0,2}[\w.]{1,200})[ \t]+import\b|^[ \t]*import[ \t]+([\w.]{1,200}(?:[ \t]*,[ \t]*[\w.]{1,200}){0,16})|\b(?:from|require\s*\(|import\s*\()\s*['"](\.{1,2}\/[^'"\n]{1,500})['"]/gm;
/** The endings a JavaScript import may leave out (`./uploader` for `./uploader.js`). */
const MODULE_ENDINGS = ['', '.js', '.mjs', '.cjs', '.ts', '.mts', '.cts', '/index.js', '/index.mjs', '/index.ts'];
/** How many local modules a program's imports are read for. */
const MAX_LOCAL_MODULES = 16;
/** How many of the modules a program imports are looked for (each is a few looks at the disk): a script of thousands of imports is read for its first ones. */
const MAX_IMPORTS_LOOKED_UP = 256;

/** The code of the local modules `code` imports from `dir` (or the call's folder), without their comment lines. */
function importedCode(code: string, dir: string, ctx: ClassifyContext): string {
  return importedFiles(code, dir, ctx).map((full) => scriptText(full, ctx)).join('\n');
}

/** The files (full paths) of the local modules `code` imports from `dir` (or the call's folder), at most MAX_LOCAL_MODULES. */
function importedFiles(code: string, dir: string, ctx: ClassifyContext): string[] {
  const files = new Set<string>();
  let lookedUp = 0;
  for (const m of code.matchAll(LOCAL_IMPORT)) {
    const names = m[3] !== undefined ? [m[3]] : (m[1] ?? m[2]!).split(',');
    if ((lookedUp += names.length) > MAX_IMPORTS_LOOKED_UP) break;
    const modules = m[3] !== undefined ? [javaScriptModule(m[3], dir, ctx)] : names.map((name) => pythonModule(name.trim(), dir, ctx, '__init__.py'));
    for (const full of modules) if (full !== null) files.add(full);
    if (files.size >= MAX_LOCAL_MODULES) break;
  }
  return [...files].slice(0, MAX_LOCAL_MODULES);
}

/** The file of a JavaScript module imported by a relative path from `dir`, with an ending it leaves out; null when it is not a local file. */
function javaScriptModule(specifier: string, dir: string, ctx: ClassifyContext): string | null {
  return MODULE_ENDINGS.map((ending) => path.resolve(dir, specifier + ending)).find((full) => isScriptFile(full, ctx)) ?? null;
}

/**
 * The file of a Python module named from `dir` (`crm.upload` is crm/upload.py; a package is its
 * `__init__.py`, or the `__main__.py` that `-m` runs; `.send` is beside the importing file), looked
 * for beside the importing code and in the call's folder; null when it is not a local file.
 */
function pythonModule(name: string, dir: string, ctx: ClassifyContext, packageFile: string): string | null {
  const dots = /^\.*/.exec(name)![0].length;
  const relative = name.slice(dots).replace(/\./g, '/');
  if (relative === '') return null;
  const from = dots > 0 ? [path.resolve(dir, '../'.repeat(dots - 1))] : [...new Set([dir, ctx.cwd])];
  for (const folder of from) {
    const found = [`${relative}.py`, `${relative}/${packageFile}`].map((file) => path.join(folder, file)).find((full) => isScriptFile(full, ctx));
    if (found) return found;
  }
  return null;
}

/** The text of the local files a sending script names in quotes: what it may read and send. */
function filesNamedIn(code: string, ctx: ClassifyContext): string {
  const names = new Set<string>();
  for (const m of code.matchAll(JOINED_PATH_IN_CODE)) {
    names.add([...m[1]!.matchAll(/['"]([^'"]+)['"]/g)].map((part) => part[1]).join('/'));
    if (names.size === MAX_FILES_NAMED_IN_CODE) break;
  }
  for (const pattern of [FILE_NAME_IN_CODE, FILE_NAME_IN_QUOTE_OPERATOR, FILE_NAME_IN_POWERSHELL]) {
    for (const m of code.matchAll(pattern)) {
      if (names.size >= MAX_FILES_NAMED_IN_CODE) break;
      names.add(m[2]!);
    }
  }
  return [...names].map((name) => readSentFile(name, ctx)).join('\n');
}

/** A shell's options that take the next word as a value (`bash -o pipefail up.sh`). */
const SHELL_VALUE_OPTIONS = new Set(['-o', '+o', '-O', '+O', '--rcfile', '--init-file']);
/** An interpreter's options that give the program in the arguments (its text is read there) or name a module, not a file. */
const PROGRAM_IN_ARGUMENTS = new Set(['-c', '-e', '-E', '-p', '-m', '--eval', '--print', '-Command', '-command']);
/** A shell's: the script on stdin or in the arguments (`bash -s`, `sh -c`), read where the command line is parsed. */
const SCRIPT_NOT_IN_A_FILE = new Set(['-c', '-s']);

/** What a command's input is called where it names a script: the file redirected into it (`sh < up.sh`), else "its input". */
const inputName = (cmd: SimpleCommand) => cmd.redirects.findLast((r) => r.op === '<' && (r.fd ?? '0') === '0')?.target ?? 'its input';

/** The script file a shell or an interpreter runs, from the words after its name (`-u send.py`, `-x up.sh`), or null: inline code, a module, a prompt. */
function scriptOperand(args: readonly string[], valueOptions: ReadonlySet<string>, notAFile: ReadonlySet<string>): string | null {
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    // `python3 - customers.csv`, `bash -`: the program comes in on stdin.
    if (notAFile.has(a) || a === '-') return null;
    if (a === '--') return args[k + 1] ?? null;
    if (a.startsWith('-') || a.startsWith('+')) {
      if (valueOptions.has(a)) k++;
    } else return a;
  }
  return null;
}

/**
 * The shell script a command runs, read: `bash up.sh`, `sh -x up.sh`, `source up.sh`, `. up.sh`, or
 * `./up.sh` itself (a file without `#!` runs in the shell, as does one whose `#!` names a shell).
 * A file run by its path whose `#!` names another program comes back as that program running it
 * (`./send.py` is `python3 ./send.py`), which reads it as its script; null for anything else.
 */
function scriptRun(cmd: SimpleCommand, ctx: ClassifyContext): { shell: string; path: string; cwd?: string } | { argv: string[] } | null {
  const [first = '', ...args] = cmd.argv;
  const program = basename(first);
  if (PACKAGE_MANAGERS.has(program)) return packageScriptRun(program, args, ctx);
  if (program === 'make' || program === 'gmake') return makeRun(args, ctx);
  if (SHELLS.has(program)) {
    const path = scriptOperand(args, SHELL_VALUE_OPTIONS, SCRIPT_NOT_IN_A_FILE);
    if (path !== null) return { shell: readSentFile(path, ctx), path };
    // `sh < up.sh`, `cat up.sh | bash`, `bash -s < up.sh`: the script comes in on its input (a heredoc's, or an echo's, was read where the line was parsed).
    const script = args.includes('-c') ? '' : stdinOf(cmd, ctx);
    return script === '' ? null : { shell: script, path: inputName(cmd) };
  }
  if ((program === 'source' || program === '.') && args[0] !== undefined) return { shell: readSentFile(args[0], ctx), path: args[0] };
  // `expect -c 'spawn sftp host; send "put f\r"'`, `expect up.exp` (expect-scripts.ts): what it spawns, given what it sends.
  if (program === 'expect') return expectRun(args, cmd, ctx);
  // `jupyter execute nb.ipynb`, `papermill nb.ipynb out.ipynb` (notebooks.ts): its shell lines, then its Python as a script.
  const notebook = notebookRun(cmd.argv);
  if (notebook !== null) return { shell: [notebookCode(readSentFile(notebook, ctx)).shell, `python3 ${shellWord(notebook)}`].join('\n'), path: notebook };
  if (!first.includes('/') || first.includes('{}') || !isScriptFile(localPath(first, ctx.cwd), ctx)) return null;
  const text = readSentFile(first, ctx);
  const shebang = /^#!\s*(\S+)(?:\s+(.*))?/.exec(text.slice(0, text.indexOf('\n') >>> 0));
  if (!shebang) return { shell: text, path: first };
  const named = basename(shebang[1]!);
  // `#!/usr/bin/env python3`, `#!/usr/bin/env -S node --no-warnings`: the program env runs.
  const runner = named === 'env' ? ((shebang[2] ?? '').split(/\s+/).find((w) => w !== '' && !w.startsWith('-')) ?? '') : named;
  if (SHELLS.has(runner)) return { shell: text, path: first };
  if (runner === 'expect') return { shell: expectShell(text), path: first };
  return INTERPRETER.test(runner) ? { argv: [runner, first, ...args] } : null;
}

/** expect's script (`-c` commands, `-f file`, a script file, or its input) as the shell line it amounts to; null with none. */
function expectRun(args: readonly string[], cmd: SimpleCommand, ctx: ClassifyContext): { shell: string; path: string } | null {
  const words = wordsOf(args, EXPECT_VALUE_OPTIONS);
  const inline = valuesOf(words, '-c');
  const file = lastValue(words, '-f') ?? words.operands[0];
  const fromFile = file === undefined ? (inline.length > 0 ? '' : stdinOf(cmd, ctx)) : file === '-' ? stdinOf(cmd, ctx) : readSentFile(file, ctx);
  const script = [...inline, fromFile].join('\n');
  return script.trim() === '' ? null : { shell: expectShell(script), path: file ?? 'expect -c' };
}
const EXPECT_VALUE_OPTIONS = new Set(['-c', '-f', '-D', '-b']);

/**
 * Notes in the call's files what a command writes into files (`> file`, `>> file`, `&> file`, `tee
 * file`, `cp`, `mv`, `ln` or `install` onto a file or into a folder, `sed -i`, an archive it packs, a database's output file, the parts `split` writes), so that a later command of the line that sends
 * the file, or runs it as a script, reads it: `cat > p.json <<EOF ... EOF; curl -d @p.json host`.
 * What is written is worked out only if the file is read.
 */
function noteWrites(cmd: SimpleCommand, ctx: ClassifyContext, onWrite?: (full: string, make: (unread: Unread) => string) => void): void {
  const local = ctx.files;
  if (local === undefined) return;
  const files = onWrite === undefined ? local : observedWrites(local, onWrite);
  const program = basename(cmd.argv[0] ?? '');
  const writing = (make: (own: ClassifyContext) => string) => (unread: Unread) => make({ ...ctx, uninspected: unread });
  // Standard output only (`2> errors.log` holds what went wrong); /dev/null, /dev/tcp and a >( ) are not files.
  for (const r of cmd.redirects) {
    if (FILE_WRITES.has(r.op) && (r.fd === undefined || r.fd === '1') && !r.target.startsWith('/dev/') && !r.target.startsWith('>(')) {
      files.write(r.target, ctx.cwd, writing((own) => outputOf(cmd, own)));
    }
  }
  const operands = cmd.argv.slice(1).filter((a) => !a.startsWith('-') && !a.startsWith('>('));
  if (program === 'tee') for (const file of operands) files.write(file, ctx.cwd, writing((own) => stdinOf(cmd, own)));
  // `split -l 1000 customers.csv part_`: each part, whatever its name (`part_bz` too), is taken to hold the whole input.
  const parts = splitParts(program, cmd.argv.slice(1));
  if (parts) files.writeEach(parts.names, ctx.cwd, writing((own) => fileOrStdin(parts.input, cmd, own)), parts);
  if ((program === 'cp' || program === 'mv' || program === 'ln' || program === 'install') && operands.length >= 2 && !cmd.argv.some((a) => a === '-t' || a.startsWith('--target-directory'))) {
    const target = operands[operands.length - 1]!;
    const sources = operands.slice(0, -1);
    const intoFolder = sources.length > 1 || target.endsWith('/') || files.isFolder(localPath(target, ctx.cwd));
    for (const source of sources) {
      const to = intoFolder ? `${target.replace(/\/+$/, '')}/${source.replace(/\/+$/, '').split('/').pop()}` : target;
      files.write(to, ctx.cwd, writing((own) => readSentFile(source, own, WHOLE)));
    }
  }
  // `sed -i 's/x/y/' body.json`, `perl -pi -e '...' body.json`: an edit in place writes its words into the files.
  if (program === 'sed' || program === 'perl') {
    for (const file of editedInPlace(cmd.argv.slice(1))) files.write(file, ctx.cwd, () => cmd.argv.slice(1).join(' '));
  }
  // `tar czf out.tgz exports`, `zip -r out.zip exports`: the archive holds what it packs.
  for (const { file, sources } of archiveWrites(cmd.argv, ctx.cwd)) {
    if (file !== '-') files.write(file, ctx.cwd, writing((own) => packed(sources, own)));
  }
  // `git archive -o src.zip HEAD exports`: the files it packs.
  const archive = program === 'git' ? gitArchive(cmd.argv.slice(1)) : null;
  if (archive?.file) files.write(archive.file, ctx.cwd, writing((own) => archived(archive, own)));
  // `git bundle create repo.bundle main`: the bundle holds the commits it names (git-revisions.ts).
  const bundle = program === 'git' && local.onThisMachine ? gitBundle(cmd.argv.slice(1)) : null;
  if (bundle && bundle.file !== '-') files.write(bundle.file, ctx.cwd, writing((own) => bundled(bundle.revisions, own)));
  // `kustomize build -o out.yaml`, `kubectl kustomize -o out/`, `helm template --output-dir out`: what they build, in the files they write.
  const built = MANIFEST_BUILDERS.has(program) ? manifestsWritten(SAME_WORDS_AS[program] ?? program, cmd.argv.slice(1), ctx.cwd, folderReader(ctx), (full) => files.isFolder(full)) : null;
  if (built !== null) {
    const make = writing((own) => outputOf(cmd, own));
    if ('file' in built) files.write(built.file, ctx.cwd, make);
    else files.writeInto(built.folder, ctx.cwd, built.files, make);
  }
  // `psql -o out.csv`, `pg_dump -f db.sql`, `\copy ... to 'out.csv'`: the file holds what the database does.
  if (DATABASES.has(program) || DATABASE_DUMPS.has(program)) {
    for (const file of databaseWrites(cmd, ctx)) files.write(file, ctx.cwd, writing((own) => databaseOutput(cmd, own)));
  }
}

/** `files`, each write it notes also told to `onWrite` with the written file's full path (a write under a remote mount is a send). */
function observedWrites(files: LocalFiles, onWrite: (full: string, make: (unread: Unread) => string) => void): Pick<LocalFiles, 'isFolder' | 'write' | 'writeEach' | 'writeInto'> {
  return {
    isFolder: (full) => files.isFolder(full),
    write: (word, cwd, make) => {
      files.write(word, cwd, make);
      onWrite(localPath(word, cwd), make);
    },
    writeEach: (words, cwd, make, more) => {
      files.writeEach(words, cwd, make, more);
      for (const word of words) onWrite(localPath(word, cwd), make);
    },
    writeInto: (folder, cwd, names, make) => {
      files.writeInto(folder, cwd, names, make);
      onWrite(localPath(folder, cwd), make);
    },
  };
}

/** The programs that build cluster manifests and may write them into files (cluster-manifests.ts manifestsWritten). */
const MANIFEST_BUILDERS = new Set(['kustomize', 'kubectl', 'oc', 'helm']);

/** git archive's options that take the next word as a value. */
const GIT_ARCHIVE_VALUE_OPTIONS = new Set(['-o', '--output', '--format', '--prefix', '--remote', '--exec']);

/**
 * What `git archive` packs: the tree it names and the paths after it (`git archive HEAD src docs`),
 * whether it reads another repository (`--remote`), and the file it writes them to (`-o`), null
 * for its output; null for any other git command.
 */
function gitArchive(args: readonly string[]): { treeish: string | undefined; paths: string[]; remote: boolean; file: string | null } | null {
  if (args.find((a) => !a.startsWith('-')) !== 'archive') return null;
  const words: string[] = [];
  let file: string | null = null;
  let remote = false;
  for (let k = args.indexOf('archive') + 1; k < args.length; k++) {
    const [option, inline] = optionAndValue(args[k]!);
    if (!option.startsWith('-')) words.push(option);
    else if (inline === undefined && GIT_ARCHIVE_VALUE_OPTIONS.has(option)) k++;
    if (option === '-o' || option === '--output') file = inline ?? args[k] ?? null;
    if (option === '--remote') remote = true;
  }
  return { treeish: words[0], paths: words.slice(1), remote, file };
}

/** `git bundle create FILE REV...`: the file it writes (`-` for its output) and the revision list it bundles; null for any other git command. */
function gitBundle(args: readonly string[]): { file: string; revisions: string[] } | null {
  const words = args.filter((a) => !a.startsWith('-') || a === '-' || refGroup(a) !== undefined || /^-\d+$/.test(a));
  if (words[0] !== 'bundle' || words[1] !== 'create' || words[2] === undefined) return null;
  return { file: words[2], revisions: words.slice(3) };
}

/**
 * What a `git archive` packs: the revision's tree, or the paths it names in it, read from the
 * repository (git-revisions.ts); where that revision is not read here, the paths as they are here
 * (folders whole), and not the whole tree, which only git knows (what .gitignore leaves out is not
 * in it).
 */
function archived({ treeish, paths, remote }: NonNullable<ReturnType<typeof gitArchive>>, ctx: ClassifyContext): string {
  const packed = treeish === undefined || remote ? null : fromObjects(() => treeAtRevision(ctx.cwd, treeish, paths), ctx);
  return packed ?? paths.map((path) => readSentFile(path, ctx, WHOLE)).join('\n');
}

/** What git reads from the repository's objects for a call (git-revisions.ts), its bounds noted; null where the call's files are elsewhere or the revision is not read here. */
function fromObjects(read: () => Unpushed | null, ctx: ClassifyContext): string | null {
  if (ctx.files?.onThisMachine === false) return null;
  const found = read();
  if (found?.unread) ctx.uninspected?.add(found.unread, true);
  return found?.text ?? null;
}

/** `git log`'s options whose value may be the next word (`-n 5`, `--author Jane`, `-L 1,9:a.js`). */
const GIT_LOG_VALUES = new Set(['-n', '--max-count', '--since', '--after', '--until', '--before', '--author', '--committer', '--grep', '-S', '-G', '-L']);
/** `git log`'s options that print each commit's patch (`-L` too, the lines of a range). */
const GIT_LOG_PATCH = new Set(['-p', '-u', '--patch', '--patch-with-stat', '--patch-with-raw']);

/** `git diff`'s options whose value may be the next word. */
const GIT_DIFF_VALUES = new Set(['-S', '-G', '-O', '--output']);

/**
 * What `git diff` prints (git-revisions.ts diffed): both sides of each change, the work tree's read
 * as the files are here; with `--no-index`, the two files or folders it compares. Where the
 * revisions are not read here, the files it names as they are here. Its options that print no
 * patch (`--stat`, `--name-only`, `--quiet`...) print its words. The hosted endpoint reads no work
 * tree: the call is one it cannot inspect, as `git commit -a` is.
 */
function diffOutput(args: readonly string[], ctx: ClassifyContext): string {
  const words = wordsOf(args, GIT_DIFF_VALUES);
  const patch = words.flags.has('-p') || words.flags.has('--patch') || ![...words.flags].some((flag) => GIT_SHOW_NO_PATCH.has(flag) || flag === '--quiet');
  if (!patch) return `git diff ${args.join(' ')}`;
  if (words.flags.has('--no-index') || ctx.files?.onThisMachine === false) return (words.flags.has('--no-index') ? words.operands : [ctx.cwd]).map((file) => readSentFile(file, ctx, WHOLE)).join('\n');
  const cached = words.flags.has('--cached') || words.flags.has('--staged');
  const found = diffed(ctx.cwd, words.operands, cached);
  if (found?.unread) ctx.uninspected?.add(found.unread, true);
  return found === null ? words.operands.map((file) => readSentFile(file, ctx, WHOLE)).join('\n') : [found.text, ...found.files.map((file) => readSentFile(file, ctx))].join('\n');
}

/** The revision list whose patches `git log -p` (`git whatchanged -p`) prints, as revisionRange's `log` takes it; null where it prints none. */
function loggedPatches(args: readonly string[]): string[] | null {
  const words = wordsOf(args, GIT_LOG_VALUES);
  if (![...words.flags].some((flag) => GIT_LOG_PATCH.has(flag)) && lastValue(words, '-L') === undefined) return null;
  const count = lastValue(words, '-n', '--max-count');
  return [...words.operands, ...[...words.flags].filter((flag) => refGroup(flag) !== undefined || /^-\d+$/.test(flag)), ...(count !== undefined && /^\d+$/.test(count) ? [`-${count}`] : [])];
}

/** `git show`'s options that print no patch, unless `-p` is given too. */
const GIT_SHOW_NO_PATCH = new Set(['-s', '--no-patch', '--stat', '--shortstat', '--numstat', '--name-only', '--name-status', '--summary', '--raw', '--dirstat']);
/** `git cat-file`'s type words (`git cat-file blob REV`), which print the object as `-p` does. */
const GIT_OBJECT_TYPES = new Set(['blob', 'tree', 'commit', 'tag']);

/**
 * What git writes of the repository's files: `git show REV:path` and `git cat-file -p REV:path`,
 * the file as it was at REV (as it is here where REV is not read); `git show [REV]` the commit's
 * message and the files it changed; `git cat-file -p REV` the object; `git log -p` and `git
 * format-patch --stdout` the patches of the commits they list; `git diff` and `git stash show -p`
 * their patches; `git archive` to its output, what it packs. Anything else git writes (a log, a status, an archive into its file) is its words.
 */
function gitOutput(args: readonly string[], ctx: ClassifyContext): string {
  const sub = args.find((a) => !a.startsWith('-'));
  const before = args.includes('--') ? args.slice(0, args.indexOf('--')) : args;
  const operands = before.slice(before.indexOf(sub ?? '') + 1).filter((a) => !a.startsWith('-'));
  if (sub === 'show' || sub === 'cat-file') {
    const printed = sub === 'show' || args.includes('-p') || operands.some((a) => GIT_OBJECT_TYPES.has(a));
    if (!printed) return args.join(' ');
    const patch = sub === 'show' && (args.includes('-p') || args.includes('--patch') || !args.some((a) => GIT_SHOW_NO_PATCH.has(optionAndValue(a)[0])));
    const revisions = operands.filter((a) => !(sub === 'cat-file' && GIT_OBJECT_TYPES.has(a)));
    return (sub === 'show' && revisions.length === 0 ? ['HEAD'] : revisions)
      .map((a) => (/:./.test(a) ? (fromObjects(() => fileAtRevision(ctx.cwd, a), ctx) ?? readSentFile(a.slice(a.indexOf(':') + 1), ctx)) : (fromObjects(() => shownObject(ctx.cwd, a, patch), ctx) ?? '')))
      .join('\n');
  }
  // `git format-patch --stdout [REV | A..B | -N]`: the patches of those commits.
  if (sub === 'format-patch' && args.includes('--stdout')) {
    return fromObjects(() => revisionRange(ctx.cwd, before.slice(before.indexOf(sub) + 1).filter((a) => !a.startsWith('-') || a === '--root' || /^-\d+$/.test(a)), 'format-patch'), ctx) ?? args.join(' ');
  }
  if (sub === 'diff') return diffOutput(before.slice(before.indexOf(sub) + 1), ctx);
  // `git stash show -p [N | stash@{N}]`: the stash's changes against the commit it was made on.
  if (sub === 'stash' && operands[0] === 'show' && (args.includes('-p') || args.includes('--patch'))) {
    const stash = operands[1] ?? '0';
    return fromObjects(() => shownObject(ctx.cwd, /^\d+$/.test(stash) ? `stash@{${stash}}` : stash, true), ctx) ?? args.join(' ');
  }
  // `git log -p [REV | A..B | -N]`: the patches of those commits.
  const logged = sub === 'log' || sub === 'whatchanged' ? loggedPatches(before.slice(before.indexOf(sub) + 1)) : null;
  if (logged !== null) return fromObjects(() => revisionRange(ctx.cwd, logged, 'log'), ctx) ?? args.join(' ');
  const bundle = gitBundle(args);
  if (bundle?.file === '-') return bundled(bundle.revisions, ctx);
  const archive = gitArchive(args);
  return archive !== null && archive.file === null ? archived(archive, ctx) : args.join(' ');
}

/** What a git bundle of a revision list holds: the files its commits changed (git-revisions.ts); nothing known where the call's files are elsewhere. */
const bundled = (revisions: readonly string[], ctx: ClassifyContext): string => fromObjects(() => revisionRange(ctx.cwd, revisions, 'rev-list'), ctx) ?? '';

/**
 * The files `sed -i` or `perl -pi` rewrites (`sed -i 's/x/y/' a.json`, `sed -i -e ... a.json`,
 * `perl -pi -e '...' a.json`): its operands after the script, none without `-i`.
 */
function editedInPlace(args: readonly string[]): string[] {
  let inPlace = false;
  let scripted = false;
  const words: string[] = [];
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    if (a === '-e' || a === '-f' || a === '--expression' || a === '--file') {
      scripted = true;
      k++;
    } else if (a.startsWith('--expression=') || a.startsWith('--file=')) scripted = true;
    else if (a.startsWith('-')) inPlace ||= /^-[a-zA-Z]*i|^--in-place/.test(a);
    else words.push(a);
  }
  return !inPlace ? [] : scripted ? words : words.slice(1);
}

/** The script a package manager runs (package-scripts.ts), read from the package.json of the folder it runs in, with that folder. */
function packageScriptRun(program: string, args: readonly string[], ctx: ClassifyContext): { shell: string; path: string; cwd: string } | null {
  const call = scriptCall(program, args, (word) => ctx.files?.isFolder(localPath(word, ctx.cwd)) === true);
  if (call === null) return null;
  const lines = scriptLines(readSentFile(`${call.folder}/package.json`, { ...ctx, uninspected: new Unread() }), call);
  // The script runs in its package's folder.
  return lines === null ? null : { shell: lines.join('\n'), path: `${program} run ${call.name}`, cwd: localPath(call.folder, ctx.cwd) };
}

/** The recipes `make` runs (make-recipes.ts), from the first Makefile there is where it runs, or the one it is told to read. */
function makeRun(args: readonly string[], ctx: ClassifyContext): { shell: string; path: string; cwd: string } | null {
  const call = makeCall(args);
  const dir = localPath(call.folder, ctx.cwd);
  const makefile = (call.file === null ? MAKEFILE_NAMES : [call.file]).find((name) => ctx.files?.isText(localPath(name, dir)));
  const text = makefile === undefined ? '' : readSentFile(makefile, { ...ctx, cwd: dir, uninspected: new Unread() });
  const recipes = text === '' ? null : makeRecipes(text, call);
  return recipes === null ? null : { shell: recipes.shell, path: `make ${recipes.goals.join(' ')}`.trim(), cwd: dir };
}

/** How many files holding what was found a block names. */
const MAX_FOUND_IN = 5;
/** Files larger than this are not read again to say whether they hold what was found (the findings stand; the file is not named). */
const MAX_FOUND_IN_CHARS = 1_048_576;

/** The files read for one command since `mark` that hold personal data, added to `foundIn` (full paths) while it holds no more than MAX_FOUND_IN (one more says there are more). */
function noteFoundIn(foundIn: Set<string>, mark: number, ctx: ClassifyContext): void {
  for (const { full, text } of ctx.files?.readSince(mark) ?? []) {
    if (foundIn.size > MAX_FOUND_IN) return;
    if (!foundIn.has(full) && text.length <= MAX_FOUND_IN_CHARS && dataIn(text).length > 0) foundIn.add(full);
  }
}

/** A file as named from where the call runs (`test/fixtures/c.json`), or its full path outside it. */
function shownFrom(cwd: string, full: string): string {
  const relative = path.relative(cwd, full);
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? full : relative;
}

/**
 * The files that hold what was found, as a block says them: at most MAX_FOUND_IN names, then that
 * there are more. A name that would itself show personal data (`contacts/anna.schmidt@....vcf`,
 * `Lukas_Weber_+49-160-....txt`) is not shown: a reason never carries a value.
 */
function foundInWords(full: readonly string[], cwd: string): string[] {
  const names = full.slice(0, MAX_FOUND_IN).map((file) => shownFrom(cwd, file));
  const shown = names.filter((name) => dataIn(name.replace(/[_/]+/g, ' ')).length === 0);
  const hidden = names.length - shown.length;
  if (hidden > 0) shown.push(hidden === 1 ? 'a file whose name holds personal data' : `${hidden} files whose names hold personal data`);
  if (full.length > MAX_FOUND_IN) shown.push('more');
  return shown;
}

/** A command's view with what it writes under remote mounts added as sends to their hosts. */
function withMountedWrites(view: CommandView, mounted: readonly { host: string; make: (unread: Unread) => string }[], unread: Unread): CommandView {
  if (mounted.length === 0) return view;
  const hosts = [...new Set(mounted.map((m) => m.host))];
  return {
    ...view,
    action: 'share',
    summary: `${view.summary}; written to ${hosts.join(', ')} (mounted)`,
    sent: [...view.sent, ...mounted.map((m) => m.make(unread))],
    hosts: [...view.hosts, ...hosts.map((host) => ({ host, encrypted: true }))],
  };
}

/** Where the shell is after `cmd`: `cd sub` and `pushd sub` go into a folder that exists (a cd into one that does not fails, and the shell stays). */
function cwdAfter(cmd: SimpleCommand, cwd: string, ctx: ClassifyContext): string {
  const program = basename(cmd.argv[0] ?? '');
  if ((program !== 'cd' && program !== 'pushd') || cmd.argv[1] === undefined || cmd.argv[1].startsWith('-')) return cwd;
  const to = localPath(cmd.argv[1], cwd);
  return ctx.files?.isFolder(to) ? to : cwd;
}

/**
 * What the line sets up for its other commands: the folders its static web servers serve, by port
 * (served-folders.ts), and the remote filesystems it mounts, by mount point (remote-mounts.ts). A
 * server and its tunnel run together, so `ngrok http 8000 & python3 -m http.server 8000`
 * publishes the folder as the other order does.
 */
function setUpOnLine(commands: readonly SimpleCommand[], ctx: ClassifyContext): { served: Map<string, string>; mounts: Map<string, string> } {
  const served = new Map<string, string>();
  const mounts = new Map<string, string>();
  let cwd = ctx.cwd;
  for (const cmd of commands) {
    cwd = cwdAfter(cmd, cwd, ctx);
    const serving = servedFolder(cmd.argv);
    if (serving) served.set(serving.port, localPath(serving.folder, cwd));
    const mount = remoteMount(cmd.argv);
    if (mount) mounts.set(localPath(mount.mountpoint, cwd).replace(/\/+$/, ''), mount.host);
  }
  return { served, mounts };
}

/** A command line's classification, with the files (full paths) that hold what was found: foundInWords says them. */
type BashClassification = Classification & { foundFiles: string[] };

function bashClassification(command: string, ctx: ClassifyContext): BashClassification {
  let action: Action = 'process';
  const summaries: string[] = [];
  const findings: Finding[] = [];
  /** What was found, by kind and text: a value two commands send (what `heroku run` sends on from its input) is counted once. */
  const counted = new Set<string>();
  const count = (found: readonly Finding[], text: string) => {
    for (const f of found) {
      const key = `${f.kind}\0${text.slice(f.start, f.end)}`;
      if (counted.has(key)) continue;
      counted.add(key);
      findings.push(f);
    }
  };
  const foundIn = new Set<string>();
  const transfers: Transfer[] = [];
  const transferred = new Set<string>();
  /** Each host's first transfer is the one kept. */
  const keep = (t: Transfer) => {
    if (transferred.has(t.host)) return;
    transferred.add(t.host);
    transfers.push(t);
  };
  const commands = parseCommandLine(command, ctx.depth ?? 0, ctx.uninspected);
  const touchesOwnFiles = ctx.own ? commandTouchesOwnFiles(commands, ctx.own, ctx.cwd) : null;
  if (touchesOwnFiles) return { tool: 'Bash', action: 'modify', summary: 'a command on the hook’s own files', findings: [], transfers: [], touchesOwnFiles, foundFiles: [] };
  let here: ClassifyContext = { ...ctx, sockets: new Map(), inputs: new Map(), staged: [], images: new Map(), scriptsLeft: ctx.scriptsLeft ?? { count: MAX_SCRIPT_RUNS }, playbooks: ctx.playbooks ?? new Map(), ...setUpOnLine(commands, ctx) };
  /** Reads a script a command runs as the commands it holds: what they send, it sends. A call on the hook's own files comes back, to be answered at once. */
  const runScript = (script: { shell: string; path: string; cwd?: string }): BashClassification | null => {
    const depth = (here.depth ?? 0) + 1;
    if (depth > MAX_SHELL_NESTING) {
      ctx.uninspected?.add(`it runs scripts nested more than ${MAX_SHELL_NESTING} deep`);
      return null;
    }
    if (!anotherScript(here)) return null;
    const inner = bashClassification(script.shell, { ...here, depth, ...(script.cwd === undefined ? {} : { cwd: script.cwd }) });
    if (inner.touchesOwnFiles) return { ...inner, summary: `${script.path}: ${inner.summary}` };
    action = worse(action, inner.action);
    summaries.push(`${script.path}: ${inner.summary}`);
    findings.push(...inner.findings);
    for (const file of inner.foundFiles ?? []) if (foundIn.size <= MAX_FOUND_IN) foundIn.add(file);
    for (const t of inner.transfers) keep(t);
    return null;
  };
  for (const cmd of commands) {
    // `cd sub && curl -d @file host`: later commands find their files from where cd went.
    const cwd = cwdAfter(cmd, here.cwd, ctx);
    if (cwd !== here.cwd) here = { ...here, cwd };
    // What it writes under a remote filesystem the line mounted goes to that filesystem's host (remote-mounts.ts).
    const mounted: { host: string; make: (unread: Unread) => string }[] = [];
    const mounts = here.mounts;
    noteWrites(cmd, here, mounts && mounts.size > 0 ? (full, make) => {
      const host = mountedHost(full, mounts);
      if (host !== undefined) mounted.push({ host, make });
    } : undefined);
    const mark = ctx.files?.mark() ?? 0;
    // What this command leaves unread matters only if it sends to a remote host (a large file to localhost stays here).
    const unread = new Unread();
    const own: ClassifyContext = { ...here, uninspected: unread, ...(cmd.filesAtRunTime ? { filesAtRunTime: true } : {}) };
    // A script the command runs is judged as the commands it holds: what they send, they send.
    const script = scriptRun(cmd, own);
    if (script !== null && 'shell' in script) {
      const stop = runScript(script);
      if (stop) return stop;
      continue;
    }
    const view = withMountedWrites(commandView(script === null ? cmd : { ...cmd, argv: script.argv }, own), mounted, unread);
    if (view.runsHere) {
      const stop = runScript(view.runsHere);
      if (stop) return stop;
    }
    // Run by xargs, a command also sends what is piped into it (as its arguments).
    if (cmd.argsFromStdin && view.hosts.length > 0) view.sent.push(stdinOf(cmd, own));
    // What it sends is worked out only where it sends somewhere: the substitutions in its words too.
    const sentText = view.hosts.length > 0 ? [...view.sent, substitutedOutput(cmd, own), view.code ?? ''].filter(Boolean).join('\n') : '';
    const found = sentText ? dataIn(sentText) : [];
    // A command that carries regulated data to a remote host shares it, whatever its verb.
    const remote = view.hosts.filter((h) => resolveDestination(h.host, ctx.destinations).destination !== 'local');
    if (remote.length > 0) ctx.uninspected?.addAll(unread);
    let cmdAction = view.action;
    if (remote.length > 0 && found.length > 0) cmdAction = 'share';
    action = worse(action, cmdAction);
    // `done < list.txt` leaves a command of redirections only: it runs nothing to name.
    if (cmd.argv.length > 0) summaries.push(view.summary);
    if (remote.length > 0) {
      count(found, sentText);
      if (found.length > 0) noteFoundIn(foundIn, mark, ctx);
      for (const h of remote) if (!transferred.has(h.host)) keep(transferTo(h.host, ctx, h.encrypted));
    }
  }
  return { tool: 'Bash', action, summary: summaries.join('; ') || 'empty command', findings, transfers, foundFiles: [...foundIn] };
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The MCP server of an mcp__<server>__<tool> name. */
export function mcpServerOf(tool: string): string {
  const rest = tool.slice('mcp__'.length);
  const cut = rest.indexOf('__');
  return cut >= 0 ? rest.slice(0, cut) : rest;
}

const LOCAL_TOOLS: Record<string, Action> = {
  Read: 'read',
  Glob: 'read',
  Grep: 'read',
  LS: 'read',
  NotebookRead: 'read',
  Write: 'create',
  Edit: 'modify',
  MultiEdit: 'modify',
  NotebookEdit: 'modify',
  TodoWrite: 'create',
  TodoRead: 'read',
  TaskCreate: 'create',
  TaskUpdate: 'modify',
  TaskGet: 'read',
  TaskList: 'read',
  TaskOutput: 'read',
  TaskStop: 'process',
  KillShell: 'process',
  KillBash: 'process',
  BashOutput: 'read',
  ExitPlanMode: 'process',
  EnterPlanMode: 'process',
  AskUserQuestion: 'notify',
  Skill: 'process',
  SlashCommand: 'process',
  ListMcpResourcesTool: 'read',
  ReadMcpResourceTool: 'read',
  LSP: 'read',
};

/** Classifies one tool call by its name and arguments. */
export function classifyToolCall(tool: string, input: unknown, context: ClassifyContext): Classification {
  const ctx = { ...context, uninspected: new Unread(), files: context.files ?? new LocalFiles() };
  const c = withoutDataInHostNames(classifyWithin(tool, input, ctx));
  return ctx.uninspected.isEmpty ? c : { ...c, uninspected: ctx.uninspected.list(), smallerCallsHelp: ctx.uninspected.onlyTooMuch() };
}

/** What a call shows never repeats a value: a host name that carries data (`536-22-1234.evil.io`) is data sent, and is shown only as such. */
function withoutDataInHostNames(c: Classification): Classification {
  const inHosts = c.transfers.map((t) => detectData(t.host));
  const carrying = c.transfers.filter((_, i) => inHosts[i]!.length > 0);
  if (carrying.length === 0) return c;
  const shown = 'a host whose name carries data';
  let summary = c.summary;
  for (const t of carrying) summary = summary.split(t.host).join(shown);
  return {
    ...c,
    action: 'share',
    summary,
    // The URL a command sends usually holds the host name too: its data is counted once.
    findings: c.findings.length > 0 ? c.findings : inHosts.flat(),
    transfers: c.transfers.map((t) => (carrying.includes(t) ? { ...t, host: shown } : t)),
  };
}

function classifyWithin(tool: string, input: unknown, ctx: ClassifyContext): Classification {
  const args = input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  if (tool === 'Bash') {
    const { foundFiles, ...classified } = bashClassification(str(args.command), ctx);
    return foundFiles.length === 0 ? classified : { ...classified, foundIn: foundInWords(foundFiles, ctx.cwd) };
  }
  if (tool === 'WebFetch') {
    const url = str(args.url);
    const host = hostOf(url) ?? hostOf(`https://${url}`) ?? 'an unreadable URL';
    const findings = dataIn(url);
    // WebFetch's prompt is read by the model's provider, like a subagent's.
    const inPrompt = dataIn(str(args.prompt));
    const transfers = [transferTo(host, ctx, /^https:/i.test(url)), ...(inPrompt.length > 0 ? [transferTo(MODEL_PROVIDER_HOST, ctx, true)] : [])];
    return { tool, action: findings.length || inPrompt.length ? 'share' : 'read', summary: `WebFetch from ${host}`, findings: [...findings, ...inPrompt], transfers };
  }
  if (tool === 'WebSearch') {
    const findings = dataIn(textOf(args, ctx.uninspected));
    return { tool, action: findings.length ? 'share' : 'read', summary: 'WebSearch query to the search provider', findings, transfers: [transferTo('web search', ctx, true)] };
  }
  if (tool === 'Agent' || tool === 'Task') {
    // A subagent's prompt goes to the model's provider, like the user's own prompt.
    const findings = dataIn([str(args.prompt), str(args.description)].join('\n'));
    return { tool, action: 'share', summary: `${tool} prompt to the model provider`, findings, transfers: [transferTo(MODEL_PROVIDER_HOST, ctx, true)] };
  }
  if (tool.startsWith('mcp__')) {
    const server = mcpServerOf(tool);
    const transfer = transferTo(`mcp:${server}`, ctx, false);
    const findings = transfer.destination === 'local' ? [] : dataIn(textOf(args, ctx.uninspected));
    if (transfer.destination === 'local') return { tool, action: 'process', summary: `MCP tool on the local server ${server}`, findings, transfers: [] };
    return { tool, action: findings.length ? 'share' : 'process', summary: `MCP tool on the remote server ${server}`, findings, transfers: [transfer] };
  }
  const local = Object.hasOwn(LOCAL_TOOLS, tool) ? LOCAL_TOOLS[tool] : undefined;
  const touchesOwnFiles = local && ctx.own ? fileToolTouchesOwnFiles(args, local !== 'read', ctx.own, ctx.cwd) : null;
  if (touchesOwnFiles) return { tool, action: local!, summary: `${tool} on the hook’s own files`, findings: [], transfers: [], touchesOwnFiles };
  if (local) return { tool, action: local, summary: `${tool} (local)`, findings: [], transfers: [] };
  // A tool this classifier does not know: no data found, allowed and logged; regulated data, a share.
  const findings = dataIn(textOf(args, ctx.uninspected));
  if (findings.length === 0) return { tool, action: 'process', summary: `${tool} (unknown tool, no regulated data)`, findings, transfers: [] };
  return { tool, action: 'share', summary: `${tool} (unknown tool carrying data)`, findings, transfers: [transferTo(`tool:${tool}`, ctx, false)] };
}
