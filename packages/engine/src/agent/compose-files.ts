// Docker Compose's words and files (`docker compose build --push`, `docker-compose push`): the
// services a compose file builds, from what folder and Dockerfile, and the images they make.
// classify.ts reads what each build puts in its image (container-images.ts) as what a push sends.
import path from 'node:path';
import { optionAndValue } from './bash.ts';

/** Programs that run compose files by themselves; `docker compose` and `podman compose` are their container tool's. */
export const COMPOSE_TOOLS = new Set(['docker-compose', 'podman-compose']);

/** The files compose reads when none is named, the first found in the folder it runs in; and the override it adds to each. */
const COMPOSE_FILES = ['compose.yaml', 'compose.yml', 'docker-compose.yml', 'docker-compose.yaml'];
const OVERRIDE = (file: string) => file.replace(/\.(ya?ml)$/, '.override.$1');

/** A compose command line: its files (empty: the folder's own), project name and folder, its `--env-file`s (none: the project's .env), command, the services it names (none: all), and whether it pushes what it builds. */
export type ComposeCall = { files: string[]; project: string | null; folder: string | null; envFiles: string[]; command: string; services: string[]; push: boolean };

/** Compose's options before its command that take the next word as a value. */
const COMPOSE_VALUE_OPTIONS = new Set(['-f', '--file', '-p', '--project-name', '--project-directory', '--env-file', '--profile', '--ansi', '--progress', '--parallel']);
/** Its commands' options that take a value (`build --build-arg K=V`, `push` has none worth naming). */
const COMMAND_VALUE_OPTIONS = new Set(['--build-arg', '--builder', '--memory', '-m', '--ssh', '--progress']);

/** The compose call a program's words ask for (`docker compose -f c.yaml build --push api`, `docker-compose push`), or null. */
export function composeCall(program: string, args: readonly string[]): ComposeCall | null {
  const words = COMPOSE_TOOLS.has(program) ? args : args[0] === 'compose' ? args.slice(1) : null;
  if (words === null) return null;
  const call: ComposeCall = { files: [], project: null, folder: null, envFiles: [], command: '', services: [], push: false };
  for (let k = 0; k < words.length; k++) {
    const [option, inline] = optionAndValue(words[k]!);
    const value = () => inline ?? words[++k] ?? '';
    if (call.command === '') {
      if (option === '-f' || option === '--file') call.files.push(value());
      else if (option === '-p' || option === '--project-name') call.project = value();
      else if (option === '--project-directory') call.folder = value();
      else if (option === '--env-file') call.envFiles.push(value());
      else if (COMPOSE_VALUE_OPTIONS.has(option)) value();
      else if (!option.startsWith('-')) call.command = option;
    } else if (option === '--push') call.push = true;
    else if (COMMAND_VALUE_OPTIONS.has(option)) value();
    else if (!option.startsWith('-')) call.services.push(option);
  }
  return call;
}

/** A service of a compose file: its name, the image it makes or pulls (null: compose names it), and its build (null: pulled, not built): context folder, Dockerfile (null: the context's) or its text inline, and stage. */
export type ComposeService = { name: string; image: string | null; build: { context: string; file: string | null; dockerfile?: string; target: string | null } | null };

/** The files a compose call reads: those it names, else the first of COMPOSE_FILES in `cwd` that holds text, and its override. `read` gives a file's text ('' when there is none). */
export function composeFiles(call: ComposeCall, cwd: string, read: (file: string) => string): { file: string; text: string }[] {
  if (call.files.length > 0) return call.files.map((file) => path.resolve(cwd, file)).map((file) => ({ file, text: read(file) }));
  for (const name of COMPOSE_FILES) {
    const text = read(path.join(cwd, name));
    if (text === '') continue;
    const override = path.join(cwd, OVERRIDE(name));
    return [{ file: path.join(cwd, name), text }, { file: override, text: read(override) }];
  }
  return [];
}

/**
 * The services compose files define, a later file's keys over an earlier's (its overrides), paths
 * from the first file's folder. This
 * reads the YAML compose files are written in only as far as `services:`, each service's `image:`
 * and `build:` (a context folder, or `context:`, `dockerfile:`, `dockerfile_inline:` and `target:`,
 * in block or `{ ... }` form), with its variables put in (composeVariables); what it does not read
 * (anchors and `<<:` merges, `extends:`) is not in the services it gives, which makes it read
 * less, never more.
 */
export function composeServices(files: readonly { file: string; text: string }[], variables: ComposeVariables = {}): ComposeService[] {
  const services = new Map<string, { image?: string; context?: string; dockerfile?: string; inline?: string; target?: string; built: boolean }>();
  // Paths in every file are from the first one's folder, the project's.
  const folder = path.dirname(files[0]?.file ?? '.');
  for (const { text } of files) {
    for (const [name, keys] of serviceKeys(text, variables)) {
      const service = services.get(name) ?? { built: false };
      services.set(name, service);
      if (keys.image !== undefined) service.image = keys.image;
      if (keys.build === undefined) continue;
      service.built = true;
      const build = typeof keys.build === 'string' ? { context: keys.build } : keys.build;
      if (build.context !== undefined) service.context = path.resolve(folder, build.context);
      service.context ??= folder;
      if (build.dockerfile !== undefined) service.dockerfile = build.dockerfile;
      if (build.dockerfile_inline !== undefined) service.inline = build.dockerfile_inline;
      if (build.target !== undefined) service.target = build.target;
    }
  }
  return [...services].map(([name, s]) => ({
    name,
    image: s.image ?? null,
    build: s.built ? { context: s.context!, file: s.dockerfile === undefined ? null : path.resolve(s.context!, s.dockerfile), ...(s.inline === undefined ? {} : { dockerfile: s.inline }), target: s.target ?? null } : null,
  }));
}

/** The project each call's compose files name (`name:`), looked for once for all of their services (not once for each of thousands). */
const NAMED_PROJECTS = new WeakMap<readonly { file: string; text: string }[], string | undefined>();

/** The name compose gives a built service's image when its file names none: `<project>-<service>`, the project named by `-p`, the file's `name:`, or its folder. */
export function composeImage(service: ComposeService, call: ComposeCall, files: readonly { file: string; text: string }[], cwd: string): string {
  if (service.image !== null) return service.image;
  if (!NAMED_PROJECTS.has(files)) NAMED_PROJECTS.set(files, files.map(({ text }) => /^name:[ \t]*["']?([\w.-]+)/m.exec(text)?.[1]).findLast((name) => name !== undefined));
  const named = NAMED_PROJECTS.get(files);
  const folder = call.folder ?? (files[0] ? path.dirname(files[0].file) : cwd);
  const project = (call.project ?? named ?? path.basename(path.resolve(cwd, folder))).toLowerCase().replace(/[^a-z0-9_-]/g, '');
  return `${project}-${service.name}`;
}

/** The variables a compose file is read with. */
export type ComposeVariables = Readonly<Record<string, string | undefined>>;

/** A .env file's variables (`KEY=value`, `export KEY="value"`, a comment after a value dropped), as compose reads them. */
export function dotenvVariables(text: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const m = /^\s{0,64}(?:export\s{1,16})?([A-Za-z_]\w{0,100})\s{0,16}=(.*)$/.exec(line);
    if (!m) continue;
    const raw = m[2]!.trim();
    const quoted = /^(["'])(.*)\1$/.exec(raw);
    const comment = /(?:^|\s)#/.exec(raw);
    found[m[1]!] = quoted ? quoted[2]! : comment ? raw.slice(0, comment.index).trimEnd() : raw;
  }
  return found;
}

/**
 * The variables compose puts in a call's files: the environment's over the `--env-file`s' (later
 * over earlier), else over the project folder's .env. `read` gives a file's text ('' when none).
 */
export function composeVariables(call: ComposeCall, files: readonly { file: string }[], cwd: string, env: ComposeVariables, read: (file: string) => string): ComposeVariables {
  const folder = path.resolve(cwd, call.folder ?? (files[0] ? path.dirname(files[0].file) : '.'));
  const envFiles = call.envFiles.length > 0 ? call.envFiles.map((file) => path.resolve(cwd, file)) : [path.join(folder, '.env')];
  return Object.assign({}, ...envFiles.map((file) => dotenvVariables(read(file))), env) as ComposeVariables;
}

/** A variable in a compose value: `$$` (a dollar), `${VAR}`, `${VAR:-default}`, `${VAR-default}`, `${VAR:+other}`, `${VAR:?error}`, `$VAR`. */
const VARIABLE = /\$(?:\$|\{(\w{1,100})(?:(:?)([-+?])([^}]{0,256}))?\}|([A-Za-z_]\w{0,100}))/g;

/** `text` with its variables put in, as compose does: a default for one unset (or, with `:`, empty), the other for one set; one unset as nothing. */
function interpolated(text: string, variables: ComposeVariables): string {
  return text.replace(VARIABLE, (whole, braced: string | undefined, colon: string | undefined, op: string | undefined, word: string | undefined, bare: string | undefined) => {
    if (whole === '$$') return '$';
    const value = variables[(braced ?? bare)!];
    const set = colon ? value !== undefined && value !== '' : value !== undefined;
    if (op === '-') return set ? value! : (word ?? '');
    if (op === '+') return set ? (word ?? '') : '';
    return value ?? '';
  });
}

/** A scalar's value: its quotes taken off, a comment after it dropped, and its variables put in. */
function scalar(text: string, variables: ComposeVariables): string {
  const quoted = /^(["'])(.*)\1\s*(?:#.*)?$/.exec(text.trim());
  const plain = quoted ? quoted[2]! : text.replace(/(?:^|\s)#.*$/, '').trim();
  return interpolated(plain, variables);
}

/** Each service's `image:` and `build:` (a scalar, or a map of scalars) in one compose file, read by indentation. */
function serviceKeys(text: string, variables: ComposeVariables): Map<string, { image?: string; build?: string | Record<string, string> }> {
  const found = new Map<string, { image?: string; build?: string | Record<string, string> }>();
  const lines = text.split('\n').map((line) => line.replace(/\r$/, ''));
  const indent = (line: string) => line.length - line.trimStart().length;
  const blank = (line: string) => line.trim() === '' || line.trim().startsWith('#');
  let inServices = false;
  let serviceIndent = -1;
  let keyIndent = -1;
  let current: { image?: string; build?: string | Record<string, string> } | null = null;
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k]!;
    if (blank(line)) continue;
    const depth = indent(line);
    const entry = /^\s*([\w.-]+|"[^"]*"|'[^']*'):(?:\s+(.*))?$/.exec(line);
    if (depth === 0) {
      inServices = entry?.[1] === 'services';
      serviceIndent = keyIndent = -1;
      current = null;
      continue;
    }
    if (!inServices || !entry) continue;
    const key = entry[1]!.replace(/^["']|["']$/g, '');
    if (serviceIndent < 0) serviceIndent = depth;
    if (depth === serviceIndent) {
      current = {};
      found.set(key, current);
      keyIndent = -1;
      continue;
    }
    if (current === null || depth < serviceIndent) continue;
    if (keyIndent < 0) keyIndent = depth;
    if (depth !== keyIndent) continue;
    const value = entry[2] ?? '';
    if (key === 'image' && value !== '') current.image = scalar(value, variables);
    if (key !== 'build') continue;
    if (value.trim().startsWith('{')) current.build = flowMap(value, variables);
    else if (value !== '' && !/^[|>&*]/.test(value.trim())) current.build = scalar(value, variables);
    else if (value === '') {
      // `build:` with its keys on the lines below, deeper than it.
      const build: Record<string, string> = {};
      let inner = -1;
      for (; k + 1 < lines.length && (blank(lines[k + 1]!) || indent(lines[k + 1]!) > depth); k++) {
        const next = lines[k + 1]!;
        if (blank(next)) continue;
        const sub = /^\s*([\w.-]+):(?:\s+(.*))?$/.exec(next);
        if (inner < 0) inner = indent(next);
        if (!sub || indent(next) !== inner) continue;
        const subValue = sub[2] ?? '';
        // `dockerfile_inline: |` and the lines below it: a Dockerfile's text.
        if (/^[|>][-+]?\s*$/.test(subValue.trim())) {
          const body: string[] = [];
          for (; k + 2 < lines.length && (lines[k + 2]!.trim() === '' || indent(lines[k + 2]!) > inner); k++) body.push(lines[k + 2]!.trim());
          build[sub[1]!] = body.join('\n');
        } else build[sub[1]!] = scalar(subValue, variables);
      }
      current.build = build;
    }
  }
  return found;
}

/** A one-line map's keys and scalars (`{ context: ., dockerfile: Dockerfile.prod }`). */
function flowMap(value: string, variables: ComposeVariables): Record<string, string> {
  const map: Record<string, string> = {};
  for (const pair of value.trim().replace(/^\{|\}\s*(?:#.*)?$/g, '').split(',')) {
    const colon = pair.indexOf(':');
    if (colon > 0) map[pair.slice(0, colon).trim()] = scalar(pair.slice(colon + 1), variables);
  }
  return map;
}
