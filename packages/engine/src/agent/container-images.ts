// Container images a command line builds and pushes (docker, podman, buildah): the registry an
// image goes to, from its name; what a build puts in it, from its context, its Dockerfile's COPY
// and ADD sources and its .dockerignore. classify.ts gives the reader that reads those files as
// what a push sends.
import path from 'node:path';
import { optionAndValue } from './bash.ts';
import type { Skip } from './local-files.ts';
import { type FolderReader, ignoreRules } from './published-packages.ts';

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

/** A build's words: its context folder, its Dockerfile (null: the context's), the stage it builds (`--target`), the images it tags, and whether it pushes them (`--push`, `--output type=registry`). */
export type ImageBuild = { context: string; file: string | null; target: string | null; tags: string[]; push: boolean };

/** Build options that take the next word as a value. */
const BUILD_VALUE_OPTIONS = new Set([
  '--build-arg', '--cache-from', '--cache-to', '--label', '--network', '--platform', '--progress', '--secret', '--ssh', '--iidfile',
  '--add-host', '--build-context', '--cgroup-parent', '--memory', '-m', '--shm-size', '--ulimit', '--builder', '--annotation', '--attest', '--metadata-file',
]);

/** The build a container tool's words ask for (`docker build -t app .`, `docker buildx build --push ...`, `podman build`), or null. */
export function imageBuild(args: readonly string[]): ImageBuild | null {
  const at = args[0] === 'buildx' || args[0] === 'image' || args[0] === 'builder' ? 1 : 0;
  if (args[at] !== 'build' && args[at] !== 'bud') return null;
  const build: ImageBuild = { context: '.', file: null, target: null, tags: [], push: false };
  for (let k = at + 1; k < args.length; k++) {
    const a = args[k]!;
    const [option, inline] = optionAndValue(a);
    const value = () => inline ?? args[++k] ?? '';
    if (option === '-t' || option === '--tag') build.tags.push(value());
    else if (option === '-f' || option === '--file') build.file = value();
    else if (option === '--push') build.push = true;
    else if (option === '--target') build.target = value();
    else if (option === '--output' || option === '-o') build.push ||= /\btype=registry\b|\bpush=true\b/.test(value());
    else if (BUILD_VALUE_OPTIONS.has(option)) value();
    else if (!a.startsWith('-')) build.context = a;
  }
  return build;
}

/**
 * What a Dockerfile copies from its context into the image it builds: the sources of the COPY and
 * ADD lines (shell or JSON form, not URLs, not `--from` another stage or image, whose files are what
 * that build made) of the stage it ends with (or `target`), and of the stages that stage is built
 * `FROM`; 'whole' when one of them copies the context's top (`COPY . .`). A build stage copied from
 * only by `--from` is not in the image.
 */
export function dockerfileSources(dockerfile: string, target: string | null = null): string[] | 'whole' {
  const stages: { name: string | null; base: string; sources: string[] }[] = [];
  for (const line of dockerfile.replace(/\\\r?\n/g, ' ').split('\n')) {
    const from = /^\s*FROM\s+(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) stages.push({ name: from[2]?.toLowerCase() ?? null, base: from[1]!.toLowerCase(), sources: [] });
    const copy = /^\s*(?:COPY|ADD)\s+(.*)$/i.exec(line);
    if (copy) stages.at(-1)?.sources.push(...copiedFromContext(copy[1]!));
  }
  const sources: string[] = [];
  const seen = new Set<string | null>();
  for (let stage = stages.find((s) => target !== null && s.name === target.toLowerCase()) ?? stages.at(-1); stage && !seen.has(stage.name); ) {
    seen.add(stage.name);
    if (stage.sources.includes('.')) return 'whole';
    sources.push(...stage.sources);
    const base = stage.base;
    stage = stages.find((s) => s.name === base);
  }
  return sources;
}

/** The context sources of one COPY or ADD line's words after its name: '.' for the context's top, none for `--from` or a URL. */
function copiedFromContext(rest: string): string[] {
  const words = rest.replace(/(?:^|\s)--[\w-]+(?:=\S*)?(?=\s|$)/g, (option) => (/--from=/i.test(option) ? ' \0from ' : ' ')).trim();
  if (words.includes('\0from')) return [];
  let list: string[];
  if (words.startsWith('[')) {
    try {
      list = (JSON.parse(words) as unknown[]).filter((w): w is string => typeof w === 'string');
    } catch {
      return [];
    }
  } else list = words.split(/\s+/);
  return list
    .slice(0, -1)
    .filter((source) => !/^[a-z]+:\/\//i.test(source))
    .map((source) => {
      const clean = source.replace(/^\.?\//, '').replace(/\/+$/, '');
      return clean === '' || clean === '.' || clean === '*' ? '.' : clean;
    });
}

/** A test of context paths (relative, and whether each is a folder) against a .dockerignore's lines: each pattern from the context's top. */
export function dockerignoreRules(text: string): (relative: string, folder: boolean) => boolean {
  return ignoreRules(
    text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#') && !line.startsWith('!'))
      .map((line) => line.replace(/^\.?\//, ''))
      .map((pattern) => (pattern.replace(/\/+$/, '').includes('/') ? pattern : `/${pattern}`)),
  );
}

/** An image a build on the command line made: its context folder and its Dockerfile (null: the context's), full paths, and the stage it built. */
export type BuiltImage = { folder: string; file: string | null; target: string | null };

/** What a build puts in an image from its context: its Dockerfile's COPY and ADD sources (the whole context for `COPY . .`), less what its .dockerignore leaves out. */
export function imageContents(image: BuiltImage, read: FolderReader): string {
  const sources = dockerfileSources(read(image.file ?? 'Dockerfile', image.folder), image.target);
  const ignored = dockerignoreRules(read('.dockerignore', image.folder));
  const skip: Skip = (full, isFolder) => ignored(path.relative(image.folder, full), isFolder);
  return (sources === 'whole' ? ['.'] : sources).map((source) => read(source, image.folder, skip)).join('\n');
}

