// What a hosting service's deploy uploads from the machine, and where: `vercel` (the project folder
// less .vercelignore and Vercel's own ignores, or the build `.vercel/output` holds), `netlify deploy`
// (its publish folder and functions folder), `firebase deploy` (each hosting site's public folder less
// its ignore globs, and the functions' source), `surge` (the project folder less .surgeignore),
// `railway up` (the folder less .railwayignore and .gitignore), `fly deploy` and `fly launch` (the
// build context less .dockerignore, for Fly's remote builder) and Cloudflare's `wrangler` (a Worker's
// bundle and assets, a Pages folder, an R2 object, KV values, a remote D1 database's SQL), and
// `supabase db push` (its migrations, hosted-databases.ts), and serverless platforms' deploys
// (`serverless deploy`, `sam deploy`, `eb deploy`, `az webapp up`, ...: function-deploys.ts). Their local
// commands (`vercel dev`, `netlify status`, `firebase emulators:start`, `wrangler d1 execute` without
// `--remote`) upload nothing. classify.ts gives the reader that reads those files as what a deploy
// sends, and the command's input.
import path from 'node:path';
import { MAX_GLOB_FILES } from './config.ts';
import { dockerignoreRules } from './container-images.ts';
import { beyondIgnoreBounds, orderedIgnoreRules } from './ignore-files.ts';
import { FUNCTION_DEPLOYS, supabaseFunctionsDeploy } from './function-deploys.ts';
import { supabaseRun } from './hosted-databases.ts';
import { globMatcher } from './local-files.ts';
import { lastValue, valuesOf, wordsOf } from './option-words.ts';
import { localPath } from './own-files.ts';
import { type FolderReader, readFolderLess } from './published-packages.ts';

/** What one deploy uploads (its files' text, read), the service it goes to, and the call in words. */
export type HostingUpload = { text: string; host: string; summary: string };

/** Ignore-file lines: none for a file that is not there. */
const linesOf = (text: string): string[] => (text === '' ? [] : text.split('\n'));

/** Vercel CLI's options that take the next word as a value: its global ones and `deploy`'s. */
export const VERCEL_VALUE_OPTIONS = new Set([
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
    if (eq < 0) continue;
    const key = line.slice(0, eq).trim().replace(/^["']|["']$/g, '');
    const rest = line.slice(eq + 1).trim();
    // An inline table (`assets = { directory = "./public" }`): its values, in the table it names.
    if (rest.startsWith('{')) for (const [inner, value] of inlineTableStrings(rest)) found.push({ table: table === '' ? key : `${table}.${key}`, key: inner, value });
    const value = tomlString(rest);
    if (value !== null) found.push({ table, key, value });
  }
  return found;
}

/** An inline table's one-line string values (`{ directory = "./public", binding = 'ASSETS' }`), one level deep, read in one pass: a comma or brace inside quotes is text. */
function inlineTableStrings(text: string): [string, string][] {
  const pairs: [string, string][] = [];
  let quote = '';
  let start = 1;
  for (let k = 1; k <= text.length; k++) {
    const c = text[k];
    if (quote !== '') {
      if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === ',' || c === '}' || c === undefined) {
      const part = text.slice(start, k);
      const eq = part.indexOf('=');
      const value = eq < 0 ? null : tomlString(part.slice(eq + 1).trim());
      if (value !== null) pairs.push([part.slice(0, eq).trim().replace(/^["']|["']$/g, ''), value]);
      if (c !== ',') break;
      start = k + 1;
    }
  }
  return pairs;
}

/** A TOML value that is a one-line string (basic or literal), or null. */
function tomlString(value: string): string | null {
  const quote = value[0];
  if (quote !== '"' && quote !== "'") return null;
  const end = value.indexOf(quote, 1);
  return end < 0 ? null : value.slice(1, end);
}

/** Netlify CLI's options that take the next word as a value: `deploy`'s and its base command's. */
export const NETLIFY_VALUE_OPTIONS = new Set(['--dir', '-d', '--functions', '-f', '--alias', '--branch', '-b', '--message', '-m', '--site', '-s', '--timeout', '--context', '--auth', '--filter', '--cwd', '--config']);

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

/** Folders below a monorepo's root that are looked in for the package `netlify --filter` names: this many deep, and at most MAX_GLOB_FILES of them. */
const PACKAGE_DEPTH = 3;

/** A package.json's `name`, or '' where it has none or is not JSON. */
function packageName(text: string): string {
  try {
    const json: unknown = JSON.parse(text);
    const name = json !== null && typeof json === 'object' ? (json as { name?: unknown }).name : undefined;
    return typeof name === 'string' ? name : '';
  } catch {
    return '';
  }
}

/**
 * The folder of the monorepo package `--filter` picks, as Netlify CLI's selectWorkspace does (a
 * workspace package by its path from the root, or by its package.json's name): the folder the path
 * names where it holds a package.json, else the first folder up to PACKAGE_DEPTH below the root (not
 * node_modules, not a dot folder) whose package.json has that name; null when none does.
 */
function filteredPackage(filter: string, root: string, read: FolderReader): string | null {
  const byPath = localPath(filter, root);
  if (read('package.json', byPath) !== '') return byPath;
  const folders: string[] = [];
  // Only folders are walked into, and no file is read by the walk.
  read('.', root, (full, isFolder) => {
    if (!isFolder) return true;
    const name = path.basename(full);
    if (name === 'node_modules' || name.startsWith('.') || path.relative(root, full).split(path.sep).length > PACKAGE_DEPTH || folders.length >= MAX_GLOB_FILES) return true;
    folders.push(full);
    return false;
  });
  return folders.find((folder) => packageName(read('package.json', folder)) === filter) ?? null;
}

/**
 * `netlify deploy` (`ntl deploy`; `--prod`, `--build`, `--no-build` alike): to api.netlify.com, the
 * publish folder (`--dir`/`-d` from the folder it runs in or `--cwd`, else netlify.toml's, else that
 * folder) less its dotfiles, and the functions folder (`--functions`/`-f`, else netlify.toml's). In a
 * monorepo, `--filter <package>` (without `--cwd`) works in that package's folder: its netlify.toml and
 * functions folder, `--dir` still read from the root (Netlify CLI's base-command.ts and getDeployFolder).
 * Null for `--trigger`, a build from the site's repository, and for Netlify's other commands (`dev`, `status`).
 */
export function netlifyDeploy(args: readonly string[], cwd: string, read: FolderReader): HostingUpload | null {
  const words = wordsOf(args, NETLIFY_VALUE_OPTIONS);
  if (words.operands[0] !== 'deploy' || words.flags.has('--trigger')) return null;
  const given = lastValue(words, '--cwd');
  const root = localPath(given ?? '.', cwd);
  const filter = lastValue(words, '--filter');
  const working = filter === undefined || given !== undefined ? root : (filteredPackage(filter, root, read) ?? root);
  const site = netlifyFolders(read('netlify.toml', working), working);
  const dir = lastValue(words, '--dir', '-d');
  const publish = dir !== undefined ? [localPath(dir, root)] : site.publish.length > 0 ? site.publish : [working];
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
export const FIREBASE_VALUE_OPTIONS = new Set(['--project', '-P', '--account', '--token', '--config', '-c', '--public', '-p', '--message', '-m', '--only', '--except', '--expires', '-e']);
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
export const RAILWAY_VALUE_OPTIONS = new Set(['--service', '-s', '--environment', '-e', '--project', '-p', '--workspace', '-w', '--message', '-m']);

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
export const FLY_VALUE_OPTIONS = new Set([
  '--app', '-a', '--config', '-c', '--image', '-i', '--image-label', '--strategy', '--dockerfile', '--ignorefile', '--build-arg', '--build-secret', '--build-target',
  '--env', '-e', '--wait-timeout', '--release-command-timeout', '--lease-timeout', '--max-unavailable', '--file-local', '--file-literal', '--file-secret', '--regions',
  '--only-regions', '--exclude-regions', '--only-machines', '--exclude-machines', '--process-groups', '--label', '--max-concurrent', '--immediate-max-concurrent',
  '--volume-initial-size', '--signal', '-s', '--region', '-r', '--primary-region', '--vm-size', '--vm-cpus', '--vm-cpu-kind', '--vm-memory', '--vm-gpus', '--vm-gpu-kind',
  '--host-dedication-id', '--buildpacks-docker-host', '--buildpacks-volume', '--access-token', '-t', '--org', '-o', '--depot-scope', '--compression', '--compression-level',
  '--builder', '--buildkit-addr', '--buildkit-image', '--export-manifest', '--from-manifest', '--deploy-retries', '--traces',
  // `fly launch`'s own.
  '--path', '--name', '--internal-port',
]);

/**
 * `fly deploy [path]` (`flyctl deploy`): to api.fly.io, for Fly's remote builder, the build context
 * (the path it is given, else the folder it runs in) less what its ignore file leaves out
 * (`--ignorefile`, else fly.toml's `[build] ignorefile`, else .dockerignore); none where the image is
 * built elsewhere (`--image`, fly.toml's `[build] image`). With `--local-only` the image is built
 * here and pushed to registry.fly.io, and with `--build-only` and no `--push`, nothing leaves. The
 * local files `--file-local /path=file` puts in its machines go too. `fly launch` creates the app and
 * then deploys it the same way, from `--path` (flyctl's launch/cmd.go: it takes no path operand and
 * offers deploy's flags), unless `--no-deploy`; its `--manifest` only prints the plan. Null for Fly's other commands.
 */
export function flyDeploy(args: readonly string[], cwd: string, read: FolderReader): HostingUpload | null {
  const words = wordsOf(args, FLY_VALUE_OPTIONS);
  const command = words.operands[0];
  if (command === 'launch' && (words.flags.has('--no-deploy') || words.flags.has('--manifest'))) return null;
  if (command !== 'deploy' && command !== 'launch') return null;
  const local = words.flags.has('--local-only');
  if (local && words.flags.has('--build-only') && !words.flags.has('--push')) return null;
  const context = localPath((command === 'launch' ? lastValue(words, '--path') : words.operands[1]) ?? '.', cwd);
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
  return { text: files.join('\n'), host, summary: `fly ${command} to ${host}` };
}

/** Wrangler's options that take the next word as a value: its global ones and those of the commands that upload. */
export const WRANGLER_VALUE_OPTIONS = new Set([
  '--config', '-c', '--env', '-e', '--cwd', '--env-file', '--persist-to',
  // `deploy`, `versions upload`, `pages deploy`.
  '--name', '--compatibility-date', '--compatibility-flags', '--compatibility-flag', '--assets', '--site', '--site-include', '--site-exclude', '--var', '--define',
  '--alias', '--triggers', '--schedule', '--schedules', '--routes', '--route', '--domain', '--jsx-factory', '--jsx-fragment', '--tsconfig', '--outdir', '--outfile',
  '--dispatch-namespace', '--tag', '--message', '--project-name', '--branch', '--commit-hash', '--commit-message',
  // `r2 object put`, `kv key put`, `kv bulk put`, `d1 execute`.
  '--file', '-f', '--content-type', '--ct', '--content-disposition', '--cd', '--content-encoding', '--ce', '--content-language', '--cl', '--cache-control', '--cc',
  '--expires', '--storage-class', '-s', '--jurisdiction', '-J', '--binding', '--namespace-id', '--ttl', '--expiration', '--metadata', '--path', '--command',
]);
/** Where Cloudflare's API is: every upload of Wrangler's goes there. */
const CLOUDFLARE_API = 'api.cloudflare.com';

/** What a Wrangler config says an upload sends: the folder it is in, the Worker's main script, its assets folder (or Workers Sites bucket), Pages' output folder and its vars' values. */
type WranglerConfig = { folder: string; main?: string; assets?: string; pagesOutput?: string; vars: string[] };

/** The names Wrangler looks for its config by, in the order it prefers them. */
const WRANGLER_CONFIGS = ['wrangler.json', 'wrangler.jsonc', 'wrangler.toml'];

/** The config a Wrangler command run in `cwd` reads: `--config`'s, else the first of WRANGLER_CONFIGS in the folder or a folder above; its path ('' for none) and text. */
function wranglerConfigFile(config: string | undefined, cwd: string, read: FolderReader): { file: string; text: string } {
  if (config !== undefined) {
    const file = localPath(config, cwd);
    return { file, text: read(file, cwd) };
  }
  for (let folder = cwd; ; folder = path.dirname(folder)) {
    for (const name of WRANGLER_CONFIGS) {
      const text = read(name, folder);
      if (text !== '') return { file: path.join(folder, name), text };
    }
    if (path.dirname(folder) === folder) return { file: '', text: '' };
  }
}

/** JSON with line and block comments and trailing commas as wrangler.jsonc allows, made JSON in one pass: what is inside a string is kept. */
function withoutJsonComments(text: string): string {
  const parts: string[] = [];
  let start = 0;
  let k = 0;
  while (k < text.length) {
    const c = text[k]!;
    if (c === '"') {
      // To the string's closing quote, past its escapes.
      for (k++; k < text.length && text[k] !== '"'; k++) if (text[k] === '\\') k++;
      k++;
    } else if (c === '/' && (text[k + 1] === '/' || text[k + 1] === '*')) {
      parts.push(text.slice(start, k));
      const end = text[k + 1] === '/' ? text.indexOf('\n', k) : text.indexOf('*/', k + 2);
      k = end < 0 ? text.length : text[k + 1] === '/' ? end : end + 2;
      start = k;
    } else if (c === ',') {
      let next = k + 1;
      while (next < text.length && /\s/.test(text[next]!)) next++;
      if (text[next] === '}' || text[next] === ']') {
        parts.push(text.slice(start, k));
        start = k + 1;
      }
      k = next;
    } else k++;
  }
  parts.push(text.slice(start));
  return parts.join('');
}

/** A JSON value as an object's fields; none when it is not an object. */
const fieldsOf = (value: unknown): Record<string, unknown> => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/**
 * A Wrangler config read for what an upload sends (wrangler.toml, or wrangler.json(c)): `main`,
 * `assets.directory` (else Workers Sites' `site.bucket`), `pages_build_output_dir` and `vars`, with the
 * environment `--env` names over the top level (`[env.production]`, `"env": {"production": ...}`).
 */
export function wranglerConfig(file: string, text: string, environment: string | undefined): WranglerConfig {
  const folder = path.dirname(file);
  if (file.endsWith('.toml')) {
    const values = tomlStrings(text);
    const scopes = environment === undefined ? [''] : ['', `env.${environment}`];
    const inScope = (scope: string, table: string) => [scope, table].filter((part) => part !== '').join('.');
    const value = (table: string, key: string) =>
      scopes.reduce<string | undefined>((found, scope) => values.find((v) => v.table === inScope(scope, table) && v.key === key)?.value ?? found, undefined);
    const vars = values.filter((v) => scopes.some((scope) => v.table === inScope(scope, 'vars'))).map((v) => v.value);
    return { folder, main: value('', 'main'), assets: value('assets', 'directory') ?? value('site', 'bucket'), pagesOutput: value('', 'pages_build_output_dir'), vars };
  }
  let json: Record<string, unknown> = {};
  try {
    json = fieldsOf(JSON.parse(withoutJsonComments(text)));
  } catch {
    // Not JSON (or none): nothing is known from it.
  }
  const scoped = environment === undefined ? [json] : [json, fieldsOf(fieldsOf(json.env)[environment])];
  const pick = (field: (fields: Record<string, unknown>) => unknown) =>
    scoped.reduce<string | undefined>((found, fields) => {
      const v = field(fields);
      return typeof v === 'string' ? v : found;
    }, undefined);
  const vars = scoped.flatMap((fields) => Object.values(fieldsOf(fields.vars)).map((v) => (typeof v === 'string' ? v : JSON.stringify(v))));
  return {
    folder,
    main: pick((f) => f.main),
    assets: pick((f) => fieldsOf(f.assets).directory) ?? pick((f) => fieldsOf(f.site).bucket),
    pagesOutput: pick((f) => f.pages_build_output_dir),
    vars,
  };
}

/** Modules followed from a Worker's main script into what Wrangler bundles: its relative imports, breadth first, at most this many. */
const MAX_BUNDLED_MODULES = 64;
/** A relative module a script imports: `from './data.json'`, `import './x.js'`, `require('../lib')`, `import('./y')`. */
const RELATIVE_IMPORT = /\b(?:from|import|require)\s*(?:\(\s*)?['"](\.{1,2}\/[^'"\n]{1,500})['"]/g;
/** The endings an import may leave out, as Wrangler's bundler (esbuild) looks for them. */
const MODULE_ENDINGS = ['', '.js', '.mjs', '.cjs', '.ts', '.mts', '.jsx', '.tsx', '.json', '/index.js', '/index.mjs', '/index.ts'];

/**
 * What Wrangler bundles from a Worker's main script: the script and the local modules it imports
 * (`./`, `../`), followed module by module up to MAX_BUNDLED_MODULES; past that, the main script's
 * folder is read whole too. Packages it imports are not read.
 */
export function bundledModules(main: string, read: FolderReader): string {
  const texts: string[] = [];
  const seen = new Set<string>();
  const queue = [main];
  const queued = new Set(queue);
  let more = false;
  for (let k = 0; k < queue.length; k++) {
    const base = queue[k]!;
    let text = '';
    let file = base;
    for (const ending of MODULE_ENDINGS) {
      file = base + ending;
      if (seen.has(file)) break;
      text = read(file, path.dirname(file));
      if (text === '') continue;
      seen.add(file);
      break;
    }
    texts.push(text);
    for (const m of text.matchAll(RELATIVE_IMPORT)) {
      const module = path.resolve(path.dirname(file), m[1]!);
      if (queued.has(module)) continue;
      if (queue.length >= MAX_BUNDLED_MODULES) {
        more = true;
        break;
      }
      queued.add(module);
      queue.push(module);
    }
  }
  if (more) texts.push(read(path.dirname(main), path.dirname(main), () => false));
  return texts.join('\n');
}

/**
 * What `wrangler pages deploy` leaves out of the folder it uploads (Wrangler's pages/validate.ts): .DS_Store,
 * node_modules and .git at any depth and its own .wrangler at the top; `functions` at the top is built as the project's Pages Functions.
 */
function pagesLeavesOut(relative: string): boolean {
  const name = relative.slice(relative.lastIndexOf('/') + 1);
  return name === '.DS_Store' || name === 'node_modules' || name === '.git' || relative === '.wrangler' || relative === 'functions';
}

/**
 * Cloudflare's `wrangler`, to api.cloudflare.com: `deploy [script]` (and `publish`, `versions upload`)
 * sends the Worker it bundles (the script, else the config's `main`, with the local modules it
 * imports), its assets folder (`--assets`, else the config's `assets.directory`, or Workers Sites'
 * `--site` and `site.bucket`) less what its .assetsignore leaves out, and the config's `vars`; `pages
 * deploy [dir]` (and `publish`) the folder (else `pages_build_output_dir`, else the folder it runs in)
 * and the `functions` folder beside it; `r2 object put --file f` the file, `--pipe` its input; `kv key
 * put --path f` the file and `kv bulk put f` the file (`kv:key`, `kv:bulk`); `d1 execute --remote
 * --file f` the SQL file. `--local` keeps R2 and KV here, and D1 acts on the local database unless
 * `--remote`. Null for `--dry-run` and Wrangler's other commands (`dev`, `tail`, `d1 execute` locally).
 */
export function wranglerUpload(args: readonly string[], cwd: string, read: FolderReader, input: () => string): HostingUpload | null {
  const words = wordsOf(args, WRANGLER_VALUE_OPTIONS);
  const at = localPath(lastValue(words, '--cwd') ?? '.', cwd);
  const [first, second, third] = words.operands;
  const upload = (texts: string[], command: string): HostingUpload => ({ text: texts.join('\n'), host: CLOUDFLARE_API, summary: `wrangler ${command} to ${CLOUDFLARE_API}` });
  const named = (file: string | undefined) => (file === undefined ? '' : read(file, at));
  // R2's and KV's commands act on Cloudflare's storage unless `--local`: Wrangler 4 made local their default, Wrangler 3 did not, and a line that does not say is read as remote.
  const local = words.flags.has('--local');
  if (first === 'r2' && second === 'object' && third === 'put') {
    if (local) return null;
    return upload([named(lastValue(words, '--file', '-f')), words.flags.has('--pipe') || words.flags.has('-p') ? input() : ''], 'r2 object put');
  }
  // `kv key put` and `kv bulk put`, and Wrangler 3's `kv:key put` and `kv:bulk put`.
  const kv = first === 'kv' ? { what: second, verb: third, at: 3 } : first === 'kv:key' || first === 'kv:bulk' ? { what: first.slice(3), verb: second, at: 2 } : null;
  if (kv !== null && kv.verb === 'put' && (kv.what === 'key' || kv.what === 'bulk')) {
    if (local) return null;
    return upload([named(kv.what === 'key' ? lastValue(words, '--path') : words.operands[kv.at])], `kv ${kv.what} put`);
  }
  if (first === 'd1' && second === 'execute') {
    if (!words.flags.has('--remote') || local) return null;
    return upload([named(lastValue(words, '--file'))], 'd1 execute --remote');
  }
  if (first === 'pages' && (second === 'deploy' || second === 'publish')) {
    const { file, text } = wranglerConfigFile(lastValue(words, '--config', '-c'), at, read);
    const config = wranglerConfig(file, text, undefined);
    const dir = third !== undefined ? localPath(third, at) : config.pagesOutput !== undefined ? localPath(config.pagesOutput, config.folder) : at;
    const functions = path.join(at, 'functions');
    return upload([readFolderLess(dir, read, pagesLeavesOut), read(functions, functions, () => false)], `pages ${second}`);
  }
  const script = first === 'deploy' || first === 'publish' ? 1 : first === 'versions' && second === 'upload' ? 2 : -1;
  if (script < 0 || words.flags.has('--dry-run')) return null;
  const { file, text } = wranglerConfigFile(lastValue(words, '--config', '-c'), at, read);
  const config = wranglerConfig(file, text, lastValue(words, '--env', '-e'));
  const given = words.operands[script];
  const main = given !== undefined ? localPath(given, at) : config.main !== undefined ? localPath(config.main, config.folder) : null;
  const flag = lastValue(words, '--assets', '--site');
  const assets = flag !== undefined ? localPath(flag, at) : config.assets !== undefined ? localPath(config.assets, config.folder) : null;
  const texts = [main === null ? '' : bundledModules(main, read), assets === null ? '' : readFolderLess(assets, read, orderedIgnoreRules(linesOf(read('.assetsignore', assets)), false)), ...config.vars];
  return upload(texts, script === 2 ? 'versions upload' : (first ?? 'deploy'));
}

/** The roads by program name: what each deploy command uploads (`input`: what comes in on the command's input). */
const HOSTING_DEPLOYS = new Map<string, (args: readonly string[], cwd: string, read: FolderReader, input: () => string) => HostingUpload | HostingUpload[] | null>([
  ['vercel', vercelDeploy],
  ['vc', vercelDeploy],
  ['netlify', netlifyDeploy],
  ['ntl', netlifyDeploy],
  ['firebase', firebaseDeploy],
  ['surge', surgeDeploy],
  ['railway', railwayUp],
  ['fly', flyDeploy],
  ['flyctl', flyDeploy],
  ['wrangler', wranglerUpload],
  ['supabase', (args, cwd, read) => supabaseRun(args, cwd, read) ?? supabaseFunctionsDeploy(args, cwd, read)],
  // Serverless platforms (function-deploys.ts): Lambda, App Service, Functions, Elastic Beanstalk, Deno Deploy.
  ...FUNCTION_DEPLOYS,
]);

/**
 * What a hosting deploy uploads, by where each part goes (`program` its name, `args` its words, `read`
 * reading from `cwd`, `input` what comes in on its input); null for any other command, or one of theirs that uploads nothing.
 */
export function hostingDeploy(program: string, args: readonly string[], cwd: string, read: FolderReader, input: () => string = () => ''): HostingUpload[] | null {
  const deploy = HOSTING_DEPLOYS.get(program)?.(args, cwd, read, input) ?? null;
  return deploy === null ? null : Array.isArray(deploy) ? deploy : [deploy];
}
