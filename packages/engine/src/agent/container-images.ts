// Container images a command line builds and pushes (docker, podman, buildah): the registry an
// image goes to, from its name; what a build puts in it, from its context, its Dockerfile's COPY
// and ADD sources and its .dockerignore; and what `gcloud builds submit` uploads to Cloud Build, and
// a deploy from source to Cloud Run, Cloud Functions or App Engine.
// classify.ts gives the reader that reads those files as what a push sends.
import path from 'node:path';
import { optionAndValue } from './bash.ts';
import type { Skip } from './local-files.ts';
import { lastValue, wordsOf } from './option-words.ts';
import { orderedIgnoreRules } from './ignore-files.ts';
import { type FolderReader, readFolderLess } from './published-packages.ts';

/** Programs that build and push container images with docker's words. */
export const CONTAINER_TOOLS = new Set(['docker', 'podman', 'buildah', 'nerdctl']);

/** Docker Hub's registry: where an image whose name names no registry goes. */
const DOCKER_HUB = 'registry-1.docker.io';

/** The registry an image name goes to: its first part when that names a host (`ghcr.io/acme/app`, `localhost:5000/app`), or Docker Hub. */
export function imageRegistry(image: string): string {
  const slash = image.indexOf('/');
  const first = slash < 0 ? '' : image.slice(0, slash);
  if (first === 'localhost' || /[.:]/.test(first)) return first.replace(/:\d+$/, '').toLowerCase();
  return DOCKER_HUB;
}

/** An image name without its tag or digest (`ghcr.io/acme/app:1.2` -> `ghcr.io/acme/app`). */
export const imageName = (image: string) => image.replace(/@.*$/, '').replace(/:[^:/]*$/, '');

/** A build's words: its context folder ('-': none, the Dockerfile or a context archive comes on its input), its Dockerfile (null: the context's; '-': its input), the stage it builds (`--target`), the images it tags, and whether it pushes them (`--push`, `--output type=registry`). */
export type ImageBuild = { context: string; file: string | null; target: string | null; tags: string[]; push: boolean };

/** Build options that take the next word as a value. */
const BUILD_VALUE_OPTIONS = new Set([
  '--build-arg', '--cache-from', '--cache-to', '--label', '--network', '--platform', '--progress', '--secret', '--ssh', '--iidfile',
  '--add-host', '--build-context', '--cgroup-parent', '--memory', '-m', '--shm-size', '--ulimit', '--builder', '--annotation', '--attest', '--metadata-file',
]);

/** The build a container tool's words ask for (`docker build -t app .`, `docker buildx build --push ...`, `podman build`, `-f- .` with the Dockerfile on its input), or null. */
export function imageBuild(args: readonly string[]): ImageBuild | null {
  const at = args[0] === 'buildx' || args[0] === 'image' || args[0] === 'builder' ? 1 : 0;
  if (args[at] !== 'build' && args[at] !== 'bud') return null;
  const build: ImageBuild = { context: '.', file: null, target: null, tags: [], push: false };
  for (let k = at + 1; k < args.length; k++) {
    const a = args[k]!;
    // `-f-`, `-fDockerfile.prod`, `-tapp`: a short option glued to its value.
    const glued = /^-([ft])(.+)$/.exec(a);
    const [option, inline] = glued ? [`-${glued[1]}`, glued[2]] : optionAndValue(a);
    const value = () => inline ?? args[++k] ?? '';
    if (option === '-t' || option === '--tag') build.tags.push(value());
    else if (option === '-f' || option === '--file') build.file = value();
    else if (option === '--push') build.push = true;
    else if (option === '--target') build.target = value();
    else if (option === '--output' || option === '-o') build.push ||= /\btype=registry\b|\bpush=true\b/.test(value());
    else if (BUILD_VALUE_OPTIONS.has(option)) value();
    else if (a === '-' || !a.startsWith('-')) build.context = a;
  }
  return build;
}

/** A COPY or ADD line: where it copies from (null: the build's context, else the stage or image `--from` names), its sources and its destination (full paths in the image; a context's sources from its top, `/` for the whole). */
type Copy = { from: string | null; sources: string[]; destination: string };
/** A Dockerfile's stage: its name (`AS build`), the stage it is built FROM (its number; -1: an image), the folder it works in, and its COPY and ADD lines. */
type Stage = { name: string | null; base: number; workdir: string; copies: Copy[] };

/** Stage-to-stage hops followed through `COPY --from` and FROM: bounds the work on a pathological Dockerfile. */
const MAX_STAGE_HOPS = 256;
/** COPY and ADD lines looked at in all while following stages (a stage of many is looked at again on each hop to it): past it, the context is taken whole. */
const MAX_COPIES_FOLLOWED = 65_536;
/**
 * Characters of ARG and ENV values put into a Dockerfile's words in all (`ENV A=$A$A` on each line
 * doubles A): past it, the Dockerfile is not read and its context is taken whole.
 */
const MAX_PUT_CHARS = 1_000_000;

/**
 * What a Dockerfile copies from its context into the image it builds: the sources of the COPY and
 * ADD lines (shell or JSON form, not URLs or heredocs) of the stage it ends with (or `target`), and
 * of the stages that stage is built `FROM`; and of what a `COPY --from=<stage> <path>` takes from
 * another stage, the context's files that stage copied to that path (`COPY . /src` then
 * `COPY --from=build /src/dist` takes the context's dist/); 'whole' when the image holds the
 * context's top (`COPY . .`). What a stage's RUN makes is not known here.
 */
export function dockerfileSources(dockerfile: string, target: string | null = null): string[] | 'whole' {
  const stages = dockerfileStages(dockerfile);
  if (stages === null) return 'whole';
  const last = stages.findIndex((s) => target !== null && s.name === target.toLowerCase());
  if (stages.length === 0) return [];
  const taken = contextAt(stages, last >= 0 ? last : stages.length - 1, '/', { hops: 0, copies: 0 });
  return taken.includes('/') ? 'whole' : [...new Set(taken.map((source) => source.slice(1)))];
}

/** The stages of a Dockerfile, with ARG and ENV values put into the words of its COPY, ADD and WORKDIR lines; null when they would put more than MAX_PUT_CHARS. */
function dockerfileStages(dockerfile: string): Stage[] | null {
  const stages: Stage[] = [];
  const named = new Map<string, number>();
  const values = new Map<string, string>();
  let putChars = 0;
  const put = (text: string) =>
    text.replace(/\$\{(\w+)(?::?-([^}$]{0,256}))?\}|\$(\w+)/g, (_, braced, fallback, bare) => {
      const value: string = values.get(braced ?? bare) ?? fallback ?? '';
      putChars += value.length;
      return putChars > MAX_PUT_CHARS ? '' : value;
    });
  for (const line of dockerfileInstructions(dockerfile)) {
    const [word = '', rest = ''] = line.split(/\s+(.*)/s);
    const instruction = word.toUpperCase();
    const stage = stages.at(-1);
    if (instruction === 'FROM') {
      const from = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?/i.exec(rest);
      const base = put(from?.[1] ?? '').toLowerCase();
      const at = named.get(base) ?? -1;
      const name = from?.[2]?.toLowerCase() ?? null;
      stages.push({ name, base: at, workdir: stages[at]?.workdir ?? '/', copies: [] });
      if (name !== null && !named.has(name)) named.set(name, stages.length - 1);
    } else if (instruction === 'ARG' || instruction === 'ENV') {
      // `ARG DATA=seed`, `ENV APP=/app`, `ENV APP /app`.
      for (const m of rest.matchAll(/(\w+)(?:=("[^"]*"|'[^']*'|\S*)|\s+(.+)$)?/g)) if (m[2] !== undefined || m[3] !== undefined) values.set(m[1]!, put((m[2] ?? m[3]!).replace(/^(["'])(.*)\1$/, '$2')));
    } else if (instruction === 'WORKDIR' && stage) stage.workdir = path.posix.resolve(stage.workdir, put(rest.trim()));
    else if ((instruction === 'COPY' || instruction === 'ADD') && stage) {
      const copy = copyLine(put(rest), stage.workdir);
      if (copy) stage.copies.push(copy);
    }
  }
  return putChars > MAX_PUT_CHARS ? null : stages;
}

/** A Dockerfile's instructions, one each: continuation lines joined, comments and heredocs' text (`COPY <<EOT /app/x`, `RUN <<EOF`) left out. */
function dockerfileInstructions(dockerfile: string): string[] {
  const instructions: string[] = [];
  let pending = '';
  let heredocs: string[] = [];
  for (const raw of dockerfile.split('\n')) {
    const line = raw.replace(/\r$/, '');
    if (heredocs.length > 0) {
      if (line.trim() === heredocs[0]) heredocs.shift();
      continue;
    }
    if (/^\s*#/.test(line)) continue;
    const continued = line.endsWith('\\');
    pending += `${continued ? line.slice(0, -1) : line} `;
    if (continued) continue;
    const instruction = pending.trim();
    pending = '';
    if (instruction === '') continue;
    instructions.push(instruction);
    if (/^(?:RUN|COPY|ADD)\s/i.test(instruction)) heredocs = [...instruction.matchAll(/(?:^|\s)<<-?(["']?)([A-Za-z_]\w*)\1(?=\s|$)/g)].map((m) => m[2]!);
  }
  if (pending.trim() !== '') instructions.push(pending.trim());
  return instructions;
}

/** One COPY or ADD line's words after its name (options, then sources and destination), or null for one that copies nothing it names (a URL's, a heredoc's). */
function copyLine(rest: string, workdir: string): Copy | null {
  let from: string | null = null;
  let words = rest.trim();
  // Its options: `--from=build`, `--chown=node:node`, `--chmod=644`, `--link`, `--parents`.
  for (let option = /^--([\w-]+)(?:=(\S*))?\s*/.exec(words); option; option = /^--([\w-]+)(?:=(\S*))?\s*/.exec(words)) {
    if (option[1]!.toLowerCase() === 'from') from = (option[2] ?? '').toLowerCase();
    words = words.slice(option[0].length);
  }
  let list: string[];
  if (words.startsWith('[')) {
    try {
      list = (JSON.parse(words) as unknown[]).filter((w): w is string => typeof w === 'string');
    } catch {
      return null;
    }
  } else list = words.split(/\s+/);
  if (list.length < 2) return null;
  // Sources are from the context's top, or another stage's root: never from the WORKDIR.
  const sources = list
    .slice(0, -1)
    .filter((source) => !/^(?:[a-z][\w+.-]*:\/\/|git@|<<)/i.test(source))
    .map((source) => (source === '*' ? '/' : path.posix.resolve('/', source)));
  return sources.length === 0 ? null : { from, sources, destination: path.posix.resolve(workdir, list.at(-1)!) };
}

/** Whether the path `inner` is `outer` or in it (full paths in an image). */
const within = (inner: string, outer: string) => outer === '/' || inner === outer || inner.startsWith(`${outer}/`);
/** Characters that make a COPY source a pattern: what it matches is taken whole. */
const PATTERN = /[*?[]/;

/**
 * The context's files (full paths from its top) that the stage `at` of `stages` holds at or under
 * `wanted`: what its COPY and ADD lines, and those of the stages it is built FROM, put there from
 * the context, and through `COPY --from`, what the stage copied from holds at the path it takes.
 */
function contextAt(stages: readonly Stage[], at: number, wanted: string, budget: { hops: number; copies: number }): string[] {
  const found: string[] = [];
  const seen = new Set<number>();
  for (let k = at; k >= 0 && !seen.has(k) && budget.hops++ < MAX_STAGE_HOPS; ) {
    seen.add(k);
    const stage = stages[k]!;
    for (const copy of stage.copies) {
      if (++budget.copies > MAX_COPIES_FOLLOWED) break;
      // A copy to the path wanted or into it gives all it copies; one to a folder the path is in gives what lands at the path.
      const taken = within(copy.destination, wanted) ? copy.sources : within(wanted, copy.destination) ? copy.sources.flatMap((source) => landingAt(source, path.posix.relative(copy.destination, wanted))) : [];
      const from = copy.from === null ? -1 : stageNamed(stages, copy.from, k);
      for (const source of taken) {
        if (copy.from === null) found.push(source);
        else if (from >= 0) for (const held of contextAt(stages, from, source, budget)) found.push(held);
      }
    }
    k = stage.base;
  }
  // Past the bound, the stage's context is taken whole: more read, not less.
  return budget.hops > MAX_STAGE_HOPS || budget.copies > MAX_COPIES_FOLLOWED ? ['/'] : found;
}

/** The paths a source of a copy to a folder puts at `relative` in it: a folder's own files (`COPY data /seed/`), or the file itself (`COPY a.csv /seed/`); a pattern's, all it matches. */
function landingAt(source: string, relative: string): string[] {
  if (PATTERN.test(source)) return [source];
  const own = path.posix.join(source, relative);
  const first = relative.split('/')[0];
  return first === path.posix.basename(source) ? [own, path.posix.join(path.posix.dirname(source), relative)] : [own];
}

/** The stage before `before` that `--from` names, by name or number; -1 for an image. */
function stageNamed(stages: readonly Stage[], name: string, before: number): number {
  const k = /^\d+$/.test(name) ? Number(name) : stages.findIndex((s) => s.name === name);
  return k >= 0 && k < before ? k : -1;
}

/** A test of context paths (relative, and whether each is a folder) against a .dockerignore's lines: each pattern from the context's top, the last that matches deciding (`!` takes back). */
export function dockerignoreRules(text: string): (relative: string, folder: boolean) => boolean {
  return orderedIgnoreRules(text.split('\n'), true);
}

/**
 * An image a build on the command line made: its context folder (null: none, its Dockerfile or a
 * context archive came on its input), its Dockerfile (null: the context's; full paths), the
 * Dockerfile's text when it came on the build's input or inline, a context archive's text, and the stage it built.
 */
export type BuiltImage = { folder: string | null; file: string | null; dockerfile?: string; archive?: string; target: string | null };

/**
 * What a build puts in an image from its context: its Dockerfile's COPY and ADD sources (the whole
 * context for `COPY . .`), less what its ignore file leaves out: the Dockerfile's own
 * (`Dockerfile.prod.dockerignore` beside `Dockerfile.prod`), else the context's .dockerignore.
 */
export function imageContents(image: BuiltImage, read: FolderReader): string {
  if (image.folder === null) return image.archive ?? '';
  const folder = image.folder;
  const sources = dockerfileSources(image.dockerfile ?? read(image.file ?? 'Dockerfile', folder), image.target);
  const own = image.file === null ? '' : read(`${path.basename(image.file)}.dockerignore`, path.dirname(image.file));
  const ignored = dockerignoreRules(own || read('.dockerignore', folder));
  const skip: Skip = (full, isFolder) => ignored(path.relative(folder, full), isFolder);
  // A source .dockerignore leaves out is not sent (unless an exception takes back something in it).
  return (sources === 'whole' ? ['.'] : sources.filter((source) => !ignored(source, true))).map((source) => read(source, folder, skip)).join('\n');
}

/** Whether what a build is given on its input (`docker build - < x`) is a Dockerfile, which holds no context, rather than a context archive: it begins with a Dockerfile's first words. */
export const isDockerfile = (text: string) => /^(?:\s*#[^\n]*\n)*\s*(?:FROM|ARG)\s/i.test(text);

/** What `gcloud builds submit` is given: its source (a folder, an archive, `gs://...`; null: `--no-source`), its ignore file (null: .gcloudignore) and its build config file. */
export type CloudBuild = { source: string | null; ignoreFile: string | null; config: string | null };

/** `gcloud builds submit`'s options that take the next word as a value (gcloud's own before it take theirs with `=` or are flags). */
const CLOUD_BUILD_VALUE_OPTIONS = new Set([
  '--tag', '-t', '--config', '--substitutions', '--region', '--project', '--machine-type', '--timeout', '--gcs-source-staging-dir', '--gcs-log-dir',
  '--worker-pool', '--disk-size', '--service-account', '--ignore-file', '--pack', '--default-buckets-behavior', '--git-source-dir', '--git-source-revision',
  '--polling-interval', '--dir', '--format', '--verbosity', '--account', '--configuration', '--billing-project', '--impersonate-service-account', '--flags-file',
]);

/** The build `gcloud [beta] builds submit [SOURCE]` asks for (its source the folder it runs in unless named), or null for gcloud's other commands. */
export function cloudBuildSubmit(args: readonly string[]): CloudBuild | null {
  const at = args.findIndex((a, k) => a === 'builds' && args[k + 1] === 'submit');
  if (at < 0) return null;
  const build: CloudBuild = { source: '.', ignoreFile: null, config: null };
  let named = false;
  for (let k = at + 2; k < args.length; k++) {
    const [option, inline] = optionAndValue(args[k]!);
    const value = () => inline ?? args[++k] ?? '';
    if (option === '--no-source') build.source = null;
    else if (option === '--ignore-file') build.ignoreFile = value();
    else if (option === '--config') build.config = value();
    else if (CLOUD_BUILD_VALUE_OPTIONS.has(option)) value();
    else if (!option.startsWith('-') && !named) {
      named = true;
      if (build.source !== null) build.source = option;
    }
  }
  return build;
}

/** gcloud's deploys from source: each uploads a folder, as Cloud Build's submit does, to the service that builds and runs it. */
const SOURCE_DEPLOYS: readonly { words: readonly string[]; host: string }[] = [
  { words: ['run', 'deploy'], host: 'run.googleapis.com' },
  { words: ['run', 'jobs', 'deploy'], host: 'run.googleapis.com' },
  { words: ['functions', 'deploy'], host: 'cloudfunctions.googleapis.com' },
  { words: ['app', 'deploy'], host: 'appengine.googleapis.com' },
];

/**
 * A deploy from source (`gcloud [beta] run deploy --source .`, `run jobs deploy`, `functions
 * deploy`, `app deploy [app.yaml]`): the source it uploads (`--source`, else the folder it runs in;
 * App Engine's, the folder of the first app.yaml it is given; none for a Cloud Run image built
 * elsewhere, `--image`), and the service it goes to; null for gcloud's other commands.
 */
export function gcloudSourceDeploy(args: readonly string[]): { build: CloudBuild; host: string; command: string } | null {
  for (const deploy of SOURCE_DEPLOYS) {
    const at = args.findIndex((_, k) => deploy.words.every((word, i) => args[k + i] === word));
    if (at < 0) continue;
    const build: CloudBuild = { source: '.', ignoreFile: null, config: null };
    let yaml: string | null = null;
    for (let k = at + deploy.words.length; k < args.length; k++) {
      const [option, inline] = optionAndValue(args[k]!);
      if (option === '--source') build.source = inline ?? args[++k] ?? '.';
      else if (option === '--ignore-file') build.ignoreFile = inline ?? args[++k] ?? null;
      else if (option === '--image' && deploy.words[0] === 'run') build.source = null;
      else if (deploy.words[0] === 'app' && yaml === null && /^[^-].*\.ya?ml$/i.test(option)) yaml = option;
    }
    if (yaml !== null) build.source = path.dirname(yaml);
    return { build, host: deploy.host, command: `gcloud ${deploy.words.join(' ')}` };
  }
  return null;
}

/** `az acr build`'s options that take the next word as a value. */
const ACR_BUILD_VALUE_OPTIONS = new Set(['-r', '--registry', '-t', '--image', '-f', '--file', '-g', '--resource-group', '--build-arg', '--secret-build-arg', '--platform', '--target', '--timeout', '--agent-pool', '--auth-mode', '--log-template', '--subscription', '-o', '--output', '--query']);

/**
 * `az acr build -r REG [-f Dockerfile] [CONTEXT]`: the context folder it uploads to the registry's
 * build service (`<REG>.azurecr.io`), less what its .dockerignore leaves out, and the Dockerfile
 * named outside it; null for az's other commands.
 */
export function acrBuild(args: readonly string[], cwd: string, read: FolderReader): { host: string; source: string } | null {
  const at = args.findIndex((a, k) => a === 'acr' && args[k + 1] === 'build');
  if (at < 0) return null;
  const words = wordsOf(args.slice(at + 2), ACR_BUILD_VALUE_OPTIONS);
  const registry = lastValue(words, '-r', '--registry') ?? 'registry';
  const context = words.operands[0] ?? '.';
  const host = `${registry.replace(/\.azurecr\.io$/, '')}.azurecr.io`;
  if (/^(?:https?|git@)/.test(context) || context === '/dev/null') return { host, source: '' };
  const folder = path.resolve(cwd, context);
  if (SOURCE_ARCHIVE.test(context)) return { host, source: read(context, cwd) };
  const file = lastValue(words, '-f', '--file');
  const dockerfile = file === undefined ? '' : read(file, cwd);
  return { host, source: `${dockerfile}\n${readFolderLess(folder, read, dockerignoreRules(read('.dockerignore', folder)))}` };
}

/**
 * `heroku container:push PROCESS... [--recursive] [--context-path P]`: the images it builds here
 * (each process's `Dockerfile.<process>` with `--recursive`, else the folder's Dockerfile) and
 * pushes to registry.heroku.com; null for heroku's other commands.
 */
export function herokuContainerPush(args: readonly string[], cwd: string): BuiltImage[] | null {
  if (args[0] !== 'container:push') return null;
  const words = wordsOf(args.slice(1), new Set(['-a', '--app', '-r', '--remote', '--arg', '--context-path']));
  const folder = path.resolve(cwd, lastValue(words, '--context-path') ?? '.');
  if (!words.flags.has('--recursive') && !words.flags.has('-R')) return [{ folder, file: null, target: null }];
  return words.operands.map((process) => ({ folder, file: path.join(cwd, `Dockerfile.${process}`), target: null }));
}

/** A source gcloud uploads as it is: an archive. */
const SOURCE_ARCHIVE = /\.(?:tar\.gz|tgz|zip)$/i;

/**
 * What `gcloud builds submit` uploads to Cloud Build from its source: a folder whole less what its
 * ignore file leaves out (`--ignore-file`, else .gcloudignore, read as git reads ignore lines, with
 * `#!include:.gitignore`; without one, gcloud's own: .git, .gcloudignore, .gitignore and what
 * .gitignore names), or an archive; none from `gs://...`, a repository's URL or `--no-source`. `read` reads from `cwd`.
 */
export function cloudBuildSource(build: CloudBuild, cwd: string, read: FolderReader): string {
  if (build.source === null || /^(?:gs|https?):\/\//i.test(build.source)) return '';
  if (SOURCE_ARCHIVE.test(build.source)) return read(build.source, cwd);
  const folder = path.resolve(cwd, build.source);
  const gitignore = () => read('.gitignore', folder).split('\n');
  const own = read(build.ignoreFile ?? '.gcloudignore', folder);
  const lines = own === '' ? ['.gcloudignore', '.git', '.gitignore', ...gitignore()] : own.split('\n').flatMap((line) => (line.trim() === '#!include:.gitignore' ? gitignore() : [line]));
  const ignored = orderedIgnoreRules(lines, false);
  return readFolderLess(folder, read, ignored);
}
