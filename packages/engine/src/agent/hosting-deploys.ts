// What a hosting service's deploy uploads from the machine, and where: `vercel` (the project folder
// less .vercelignore and Vercel's own ignores, or the build `.vercel/output` holds), `netlify deploy`
// (its publish folder and functions folder), `firebase deploy` (each hosting site's public folder less
// its ignore globs, and the functions' source), `surge` (the project folder less .surgeignore),
// `railway up` (the folder less .railwayignore and .gitignore) and `fly deploy` (the build context
// less .dockerignore, for Fly's remote builder). Their local commands (`vercel dev`, `netlify
// status`, `firebase emulators:start`) upload nothing. classify.ts gives the reader that reads those
// files as what a deploy sends.
import path from 'node:path';
import { dockerignoreRules, orderedIgnoreRules } from './container-images.ts';
import { globMatcher } from './local-files.ts';
import { optionAndValue } from './option-words.ts';
import { localPath } from './own-files.ts';
import { type FolderReader, beyondIgnoreBounds, readFolderLess } from './published-packages.ts';

/** What one deploy uploads (its files' text, read), the service it goes to, and the call in words. */
export type HostingUpload = { text: string; host: string; summary: string };

/** A command line's words read with the options that take a value: each option given and its value, in order, the flags, and the operands. */
type Words = { options: [string, string][]; flags: Set<string>; operands: string[] };

/** Reads `args` with `valueOptions` taking the next word (or `--opt=value`, or a short option's glued `-ddist`) as their value; the words after `--` are operands. */
function wordsOf(args: readonly string[], valueOptions: ReadonlySet<string>): Words {
  const words: Words = { options: [], flags: new Set(), operands: [] };
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    if (a === '--') {
      for (const rest of args.slice(k + 1)) words.operands.push(rest);
      break;
    }
    const [option, inline] = optionAndValue(a);
    if (!a.startsWith('--') && a.length > 2 && valueOptions.has(a.slice(0, 2))) words.options.push([a.slice(0, 2), a.slice(2)]);
    else if (valueOptions.has(option)) words.options.push([option, inline ?? args[++k] ?? '']);
    else if (a.startsWith('-') && a !== '-') words.flags.add(option);
    else words.operands.push(a);
  }
  return words;
}

/** The last value given to any of `names` (an option and its other spellings), or undefined. */
function lastValue(words: Words, ...names: string[]): string | undefined {
  for (let k = words.options.length - 1; k >= 0; k--) if (names.includes(words.options[k]![0])) return words.options[k]![1];
  return undefined;
}

/** Each value given to any of `names`, in order. */
const valuesOf = (words: Words, ...names: string[]): string[] => words.options.filter(([name]) => names.includes(name)).map(([, value]) => value);

/** Ignore-file lines: none for a file that is not there. */
const linesOf = (text: string): string[] => (text === '' ? [] : text.split('\n'));

/** Vercel CLI's options that take the next word as a value: its global ones and `deploy`'s. */
const VERCEL_VALUE_OPTIONS = new Set([
  '--cwd', '--local-config', '-A', '--global-config', '-Q', '--scope', '-S', '--token', '-t', '--team', '-T', '--api',
  '--env', '-e', '--build-env', '-b', '--meta', '-m', '--regions', '--archive', '--name', '-n', '--target', '--format', '-F', '--project',
]);
/** Vercel CLI's commands other than `deploy`, and their aliases: a first operand that is none of these is the path `vercel` deploys. */
const VERCEL_COMMANDS = new Set([
  'alias', 'aliases', 'ln', 'api', 'bisect', 'blob', 'build', 'cache', 'certs', 'cert', 'curl', 'dev', 'develop', 'dns', 'domains', 'domain', 'env', 'events', 'flags', 'git',
  'guidance', 'help', 'httpstat', 'init', 'inspect', 'install', 'i', 'integration', 'integration-resource', 'ir', 'link', 'list', 'ls', 'login', 'logout', 'logs', 'log',
  'mcp', 'microfrontends', 'mf', 'open', 'project', 'projects', 'promote', 'pull', 'redeploy', 'redirects', 'remove', 'rm', 'rollback', 'rolling-release', 'rr',
  'target', 'targets', 'teams', 'team', 'switch', 'telemetry', 'upgrade', 'webhooks', 'whoami',
]);
/**
 * What Vercel CLI never uploads from a project folder (its client's getVercelIgnore), read as git
 * reads ignore lines, before the project's own .vercelignore. A .gitignore is not applied: only the
 * file itself is left out.
 */
const VERCEL_IGNORED = [
  '.hg', '.git', '.gitmodules', '.svn', '.cache', '.next', '.now', '.vercel', '.npmignore', '.dockerignore', '.gitignore', '.*.swp', '.DS_Store', '.wafpicke-*',
  '.lock-wscript', '.env.local', '.env.*.local', '.venv', '.yarn/cache', '.pnp*', 'npm-debug.log', 'config.gypi', 'node_modules', '__pycache__', 'venv', 'CVS',
];

/**
 * A Vercel deploy (`vercel`, `vercel deploy`, `vercel --prod`, `vercel [deploy] <path>`, `--cwd`):
 * to api.vercel.com, the project folder (the path it is given, else the folder it runs in) less
 * Vercel's own ignores and what its .vercelignore (or .nowignore) leaves out; with `--prebuilt` (or
 * `deploy continue`), the build `.vercel/output` holds. Null for Vercel's other commands (`vercel
 * env ls`, `logs`, `link`, `dev`, `build`), for `deploy init` and for `--dry`, which upload nothing.
 */
export function vercelDeploy(args: readonly string[], cwd: string, read: FolderReader): HostingUpload | null {
  const words = wordsOf(args, VERCEL_VALUE_OPTIONS);
  const [first] = words.operands;
  if (first !== undefined && VERCEL_COMMANDS.has(first)) return null;
  const deploy = first === 'deploy';
  const sub = deploy ? words.operands[1] : undefined;
  if (sub === 'init' || words.flags.has('--dry')) return null;
  const prebuilt = words.flags.has('--prebuilt') || sub === 'continue';
  const at = localPath(lastValue(words, '--cwd') ?? '.', cwd);
  const project = localPath((sub === 'continue' ? undefined : words.operands[deploy ? 1 : 0]) ?? '.', at);
  const summary = 'vercel deploy to api.vercel.com';
  if (prebuilt) return { text: read(path.join(project, '.vercel', 'output'), project, () => false), host: 'api.vercel.com', summary };
  const own = read('.vercelignore', project) || read('.nowignore', project);
  return { text: readFolderLess(project, read, orderedIgnoreRules([...VERCEL_IGNORED, ...linesOf(own)], false)), host: 'api.vercel.com', summary };
}

/** A TOML file's string values (`publish = "dist"`, `image = 'app:1'`), each with the table it is in (`build`, `context.production`; '' before any). */
function tomlStrings(toml: string): { table: string; key: string; value: string }[] {
  const found: { table: string; key: string; value: string }[] = [];
  let table = '';
  for (const raw of toml.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('[')) {
      // `[build]`, `[[redirects]]`, `[context."deploy-preview"]`.
      const close = line.indexOf(']');
      table = (close < 0 ? line.slice(1) : line.slice(0, close)).replace(/^\[+/, '').replace(/["'\s]/g, '');
      continue;
    }
    const eq = line.indexOf('=');
    const value = eq < 0 ? null : tomlString(line.slice(eq + 1).trim());
    if (value !== null) found.push({ table, key: line.slice(0, eq).trim().replace(/^["']|["']$/g, ''), value });
  }
  return found;
}

/** A TOML value that is a one-line string (basic or literal), or null. */
function tomlString(value: string): string | null {
  const quote = value[0];
  if (quote !== '"' && quote !== "'") return null;
  const end = value.indexOf(quote, 1);
  return end < 0 ? null : value.slice(1, end);
}

/** Netlify CLI's options that take the next word as a value: `deploy`'s and its base command's. */
const NETLIFY_VALUE_OPTIONS = new Set(['--dir', '-d', '--functions', '-f', '--alias', '--branch', '-b', '--message', '-m', '--site', '-s', '--timeout', '--context', '--auth', '--filter', '--cwd', '--config']);

/**
 * Where a Netlify site's files are, from its netlify.toml: the base folder (`[build] base`, from the
 * file's folder), the publish folders (`[build] publish`, and each deploy context's, from the base)
 * and the functions folder (`[functions] directory` or `[build] functions`; `netlify/functions`).
 */
export function netlifyFolders(toml: string, folder: string): { publish: string[]; functions: string } {
  const values = tomlStrings(toml);
  const base = localPath(values.find((v) => v.table === 'build' && v.key === 'base')?.value ?? '.', folder);
  const publish = values.filter((v) => v.key === 'publish' && (v.table === 'build' || v.table.startsWith('context.'))).map((v) => localPath(v.value, base));
  const functions = values.find((v) => (v.table === 'functions' && v.key === 'directory') || (v.table === 'build' && v.key === 'functions'))?.value ?? 'netlify/functions';
  return { publish: [...new Set(publish)], functions: localPath(functions, base) };
}

/** What `netlify deploy` leaves out of a publish folder: dotfiles and dot folders (but `.well-known`), and macOS's `__MACOSX` folders. */
function netlifyLeavesOut(relative: string): boolean {
  const name = relative.slice(relative.lastIndexOf('/') + 1);
  return (name.startsWith('.') && name !== '.well-known') || name.startsWith('__MACOSX');
}

/**
 * `netlify deploy` (`ntl deploy`; `--prod`, `--build`, `--no-build` alike): to api.netlify.com, the
 * publish folder (`--dir`/`-d` from the folder it runs in or `--cwd`, else netlify.toml's, else that
 * folder) less its dotfiles, and the functions folder (`--functions`/`-f`, else netlify.toml's). Null
 * for `--trigger`, a build from the site's repository, and for Netlify's other commands (`dev`, `status`).
 */
export function netlifyDeploy(args: readonly string[], cwd: string, read: FolderReader): HostingUpload | null {
  const words = wordsOf(args, NETLIFY_VALUE_OPTIONS);
  if (words.operands[0] !== 'deploy' || words.flags.has('--trigger')) return null;
  const working = localPath(lastValue(words, '--cwd') ?? '.', cwd);
  const site = netlifyFolders(read('netlify.toml', working), working);
  const dir = lastValue(words, '--dir', '-d');
  const publish = dir !== undefined ? [localPath(dir, working)] : site.publish.length > 0 ? site.publish : [working];
  const named = lastValue(words, '--functions', '-f');
  const functions = named === undefined ? site.functions : localPath(named, working);
  // Functions inside a publish folder are read with it.
  const inPublish = publish.some((folder) => functions === folder || functions.startsWith(`${folder}${path.sep}`));
  const texts = publish.map((folder) => readFolderLess(folder, read, netlifyLeavesOut));
  if (!inPublish) texts.push(read(functions, functions, () => false));
  return { text: texts.filter((text) => text !== '').join('\n'), host: 'api.netlify.com', summary: 'netlify deploy to api.netlify.com' };
}

/**
 * A test of paths (relative, `/`-separated) against globs as a glob walk's ignore list reads them,
 * dotfiles matched too (minimatch's `dot`): each glob against the whole path, `**` any number of
 * folders, no glob naming any depth by itself; a folder is left out whole only by a glob ending in
 * `/**` that matches it. Globs past the bounds are set aside, and nothing is left out.
 */
export function globIgnoreRules(globs: readonly string[]): (relative: string, folder: boolean) => boolean {
  if (beyondIgnoreBounds(globs)) return () => false;
  // Each glob's segments: a matcher, or null for `**`.
  const rules = globs
    .map((glob) => glob.trim().replace(/^(?:\.\/)+/, ''))
    .filter((glob) => glob !== '' && !glob.startsWith('!'))
    .map((glob) => glob.split('/').filter((segment) => segment !== '').map((segment) => (segment === '**' ? null : globMatcher(segment))));
  return (relative, folder) => {
    const parts = relative.split('/');
    return rules.some((segments) => (folder ? segments.at(-1) === null && segmentsMatch(segments.slice(0, -1), parts) : segmentsMatch(segments, parts)));
  };
}

/** Whether glob segments (null: `**`, any number of parts) match a path's parts, found part by part (no backtracking). */
function segmentsMatch(segments: readonly (((name: string) => boolean) | null)[], parts: readonly string[]): boolean {
  // A glob of more named segments than the path has parts cannot match it.
  if (segments.filter((s) => s !== null).length > parts.length) return false;
  // reach[j]: the segments so far match the path's first j parts.
  let reach = parts.map(() => false);
  reach.push(false);
  reach[0] = true;
  for (const segment of segments) {
    const next: boolean[] = [];
    for (let j = 0; j <= parts.length; j++) next.push(segment === null ? reach[j]! || (j > 0 && next[j - 1]!) : j > 0 && reach[j - 1]! && segment(parts[j - 1]!));
    reach = next;
  }
  return reach[parts.length]!;
}

/** Firebase CLI's options that take the next word as a value: its global ones and `deploy`'s. */
const FIREBASE_VALUE_OPTIONS = new Set(['--project', '-P', '--account', '--token', '--config', '-c', '--public', '-p', '--message', '-m', '--only', '--except', '--expires', '-e']);
/** What Firebase Hosting never uploads from a public folder, whatever firebase.json says (its listFiles). */
const FIREBASE_HOSTING_IGNORED = ['**/firebase-debug.log', '**/firebase-debug.*.log', '.firebase/*'];
/** What a functions deploy never packs from its source, and what it leaves out where firebase.json's `ignore` says nothing (its prepareFunctionsUpload). */
const FIREBASE_FUNCTIONS_IGNORED = ['firebase-debug.log', 'firebase-debug.*.log'];
const FIREBASE_FUNCTIONS_DEFAULT_IGNORE = ['node_modules', '.git'];

/** firebase.json's entries of a product, as a list: `"hosting": {...}` or `"hosting": [{...}, ...]`. */
function entriesOf(value: unknown): Record<string, unknown>[] {
  const list: unknown[] = Array.isArray(value) ? value : [value];
  return list.filter((entry): entry is Record<string, unknown> => entry !== null && typeof entry === 'object' && !Array.isArray(entry));
}

/** A JSON value as a list of strings, or null when it is not one. */
const stringsOf = (value: unknown): string[] | null => (Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : null);

/** The firebase.json a command run in `cwd` reads: `--config`'s, else the nearest one in the folder or a folder above; its folder and text. */
function firebaseJson(config: string | undefined, cwd: string, read: FolderReader): { folder: string; text: string } {
  if (config !== undefined) {
    const file = localPath(config, cwd);
    return { folder: path.dirname(file), text: read(file, cwd) };
  }
  for (let folder = cwd; ; folder = path.dirname(folder)) {
    const text = read('firebase.json', folder);
    if (text !== '' || path.dirname(folder) === folder) return { folder: text === '' ? cwd : folder, text };
  }
}

/**
 * `firebase deploy` (`--only`, `--except`; `firebase hosting:channel:deploy`): to
 * firebasehosting.googleapis.com, each hosting site's public folder (`-p`/`--public`, else
 * firebase.json's `hosting.public`, or `source` for a framework's site; `hosting` one site or a list,
 * `--only hosting:<site>` picking by site or target) less its `ignore` globs; to
 * cloudfunctions.googleapis.com, each functions codebase's source (`functions.source`, else
 * `functions`) less its `ignore` (else node_modules and .git). Null for a dry run, for a deploy of
 * neither (rules, indexes) and for Firebase's other commands (`serve`, `emulators:start`).
 */
export function firebaseDeploy(args: readonly string[], cwd: string, read: FolderReader): HostingUpload[] | null {
  const words = wordsOf(args, FIREBASE_VALUE_OPTIONS);
  const command = words.operands[0];
  if ((command !== 'deploy' && command !== 'hosting:channel:deploy') || words.flags.has('--dry-run')) return null;
  const { folder, text } = firebaseJson(lastValue(words, '--config', '-c'), cwd, read);
  let json: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) json = parsed as Record<string, unknown>;
  } catch {
    // Not JSON (or none): nothing is known to deploy.
  }
  const only = command === 'deploy' ? lastValue(words, '--only')?.split(',').map((t) => t.trim()) : ['hosting'];
  const except = (lastValue(words, '--except') ?? '').split(',').map((t) => t.trim());
  const wanted = (target: string) => (only === undefined || only.some((t) => t === target || t.startsWith(`${target}:`))) && !except.includes(target);
  const uploads: HostingUpload[] = [];
  if (wanted('hosting')) {
    // `--only hosting:<site>` picks sites by site or target name; `hosting` alone, every site.
    const named = only === undefined || only.includes('hosting') ? null : only.filter((t) => t.startsWith('hosting:')).map((t) => t.slice('hosting:'.length));
    const override = lastValue(words, '--public', '-p');
    const sites = entriesOf(json.hosting).filter((site) => named === null || named.includes(String(site.site)) || named.includes(String(site.target)));
    const texts = sites.flatMap((site) => {
      const root = override ?? (typeof site.public === 'string' ? site.public : typeof site.source === 'string' ? site.source : null);
      if (root === null) return [];
      const ignored = globIgnoreRules([...FIREBASE_HOSTING_IGNORED, ...(stringsOf(site.ignore) ?? [])]);
      return [readFolderLess(localPath(root, folder), read, ignored)];
    });
    if (texts.length > 0) uploads.push({ text: texts.join('\n'), host: 'firebasehosting.googleapis.com', summary: 'firebase deploy (hosting) to firebasehosting.googleapis.com' });
  }
  if (wanted('functions') && json.functions !== undefined) {
    const texts = entriesOf(json.functions).map((codebase) => {
      const source = localPath(typeof codebase.source === 'string' ? codebase.source : 'functions', folder);
      const ignore = [...(stringsOf(codebase.ignore) ?? FIREBASE_FUNCTIONS_DEFAULT_IGNORE), ...FIREBASE_FUNCTIONS_IGNORED];
      return readFolderLess(source, read, orderedIgnoreRules(ignore, false));
    });
    uploads.push({ text: texts.join('\n'), host: 'cloudfunctions.googleapis.com', summary: 'firebase deploy (functions) to cloudfunctions.googleapis.com' });
  }
  return uploads.length > 0 ? uploads : null;
}

/** surge's options that take the next word as a value. */
const SURGE_VALUE_OPTIONS = new Set(['--project', '-p', '--domain', '-d', '--add', '-a', '--remove', '-r', '--endpoint', '-e', '--token']);
/** surge's commands: a first operand that is none of these is the project folder it publishes. */
const SURGE_COMMANDS = new Set(['login', 'logout', 'whoami', 'list', 'ls', 'teardown', 'token', 'plan', 'card', 'plus', 'ssl', 'encrypt', 'invite', 'revoke', 'files', 'config', 'audit', 'dns', 'zone', 'bust', 'certs', 'nuke', 'help']);
/** What surge never publishes (its surge-ignore list), before a project's .surgeignore, which may take some back (`!node_modules/`). */
const SURGE_IGNORED = ['.git', '.*', '*.*~', 'node_modules', 'bower_components'];

/**
 * `surge [project] [domain]` (`--project`/`-p`, `--domain`/`-d`): to surge.sh, the project folder
 * (the first operand, else the folder it runs in) less dotfiles, editor backups, node_modules and
 * bower_components, and what its .surgeignore leaves out. Null for surge's other commands (`list`,
 * `teardown`, `whoami`).
 */
export function surgeDeploy(args: readonly string[], cwd: string, read: FolderReader): HostingUpload | null {
  const words = wordsOf(args, SURGE_VALUE_OPTIONS);
  const first = words.operands[0];
  if (first !== undefined && SURGE_COMMANDS.has(first)) return null;
  const project = localPath(lastValue(words, '--project', '-p') ?? first ?? '.', cwd);
  const ignored = orderedIgnoreRules([...SURGE_IGNORED, ...linesOf(read('.surgeignore', project))], false);
  return { text: readFolderLess(project, read, ignored), host: 'surge.sh', summary: 'surge to surge.sh' };
}

/** `railway up`'s options that take the next word as a value. */
const RAILWAY_VALUE_OPTIONS = new Set(['--service', '-s', '--environment', '-e', '--project', '-p', '--workspace', '-w', '--message', '-m']);

/** Whether `folder` is in a git work tree: a `.git` folder (its HEAD) or a worktree's `.git` file, in it or a folder above. */
function inGitWorkTree(folder: string, read: FolderReader): boolean {
  for (let at = folder; ; at = path.dirname(at)) {
    if (read('.git/HEAD', at) !== '' || read('.git', at).startsWith('gitdir:')) return true;
    if (path.dirname(at) === at) return false;
  }
}

/**
 * `railway up [path]`: to backboard.railway.app, the folder (or file) it is given, else the one it
 * runs in, less .git and node_modules, what its .railwayignore leaves out and, in a git work tree
 * (Railway's walker applies git's ignore files only there) unless `--no-gitignore`, what its
 * .gitignore does. Null for Railway's other commands.
 */
export function railwayUp(args: readonly string[], cwd: string, read: FolderReader): HostingUpload | null {
  const words = wordsOf(args, RAILWAY_VALUE_OPTIONS);
  if (words.operands[0] !== 'up') return null;
  const target = localPath(words.operands[1] ?? '.', cwd);
  const gitignore = !words.flags.has('--no-gitignore') && inGitWorkTree(target, read) ? linesOf(read('.gitignore', target)) : [];
  // .railwayignore's lines come last: its `!` exceptions take back what .gitignore leaves out.
  const ignored = orderedIgnoreRules([...gitignore, ...linesOf(read('.railwayignore', target))], false);
  return { text: readFolderLess(target, read, ignored), host: 'backboard.railway.app', summary: 'railway up to backboard.railway.app' };
}

/** `fly deploy`'s options that take the next word as a value. */
const FLY_VALUE_OPTIONS = new Set([
  '--app', '-a', '--config', '-c', '--image', '-i', '--image-label', '--strategy', '--dockerfile', '--ignorefile', '--build-arg', '--build-secret', '--build-target',
  '--env', '-e', '--wait-timeout', '--release-command-timeout', '--lease-timeout', '--max-unavailable', '--file-local', '--file-literal', '--file-secret', '--regions',
  '--only-regions', '--exclude-regions', '--only-machines', '--exclude-machines', '--process-groups', '--label', '--max-concurrent', '--immediate-max-concurrent',
  '--volume-initial-size', '--signal', '-s', '--region', '-r', '--primary-region', '--vm-size', '--vm-cpus', '--vm-cpu-kind', '--vm-memory', '--vm-gpus', '--vm-gpu-kind',
  '--host-dedication-id', '--buildpacks-docker-host', '--buildpacks-volume', '--access-token', '-t', '--org', '-o', '--depot-scope', '--compression', '--compression-level',
  '--builder', '--buildkit-addr', '--buildkit-image', '--export-manifest', '--from-manifest', '--deploy-retries', '--traces',
]);

/**
 * `fly deploy [path]` (`flyctl deploy`): to api.fly.io, for Fly's remote builder, the build context
 * (the path it is given, else the folder it runs in) less what its ignore file leaves out
 * (`--ignorefile`, else fly.toml's `[build] ignorefile`, else .dockerignore); none where the image is
 * built elsewhere (`--image`, fly.toml's `[build] image`). With `--local-only` the image is built
 * here and pushed to registry.fly.io, and with `--build-only` and no `--push`, nothing leaves. The
 * local files `--file-local /path=file` puts in its machines go too. Null for Fly's other commands.
 */
export function flyDeploy(args: readonly string[], cwd: string, read: FolderReader): HostingUpload | null {
  const words = wordsOf(args, FLY_VALUE_OPTIONS);
  if (words.operands[0] !== 'deploy') return null;
  const local = words.flags.has('--local-only');
  if (local && words.flags.has('--build-only') && !words.flags.has('--push')) return null;
  const context = localPath(words.operands[1] ?? '.', cwd);
  const config = localPath(lastValue(words, '--config', '-c') ?? 'fly.toml', context);
  const build = new Map(tomlStrings(read(config, context)).filter((v) => v.table === 'build').map((v) => [v.key, v.value]));
  const files = valuesOf(words, '--file-local').map((pair) => read(pair.slice(pair.indexOf('=') + 1), context));
  const prebuilt = lastValue(words, '--image', '-i') !== undefined || build.has('image');
  if (!prebuilt) {
    const named = lastValue(words, '--ignorefile');
    const fromConfig = build.get('ignorefile');
    const ignoreFile = named !== undefined ? localPath(named, context) : fromConfig !== undefined ? localPath(fromConfig, path.dirname(config)) : path.join(context, '.dockerignore');
    files.push(readFolderLess(context, read, dockerignoreRules(read(ignoreFile, context))));
  }
  const host = local ? 'registry.fly.io' : 'api.fly.io';
  return { text: files.join('\n'), host, summary: `fly deploy to ${host}` };
}

/** The roads by program name: what each deploy command uploads. */
const HOSTING_DEPLOYS = new Map<string, (args: readonly string[], cwd: string, read: FolderReader) => HostingUpload | HostingUpload[] | null>([
  ['vercel', vercelDeploy],
  ['vc', vercelDeploy],
  ['netlify', netlifyDeploy],
  ['ntl', netlifyDeploy],
  ['firebase', firebaseDeploy],
  ['surge', surgeDeploy],
  ['railway', railwayUp],
  ['fly', flyDeploy],
  ['flyctl', flyDeploy],
]);

/** What a hosting deploy uploads, by where each part goes (`program` its name, `args` its words, `read` reading from `cwd`); null for any other command, or one of theirs that uploads nothing. */
export function hostingDeploy(program: string, args: readonly string[], cwd: string, read: FolderReader): HostingUpload[] | null {
  const deploy = HOSTING_DEPLOYS.get(program)?.(args, cwd, read) ?? null;
  return deploy === null ? null : Array.isArray(deploy) ? deploy : [deploy];
}
