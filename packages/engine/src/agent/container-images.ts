// Container images a command line builds and pushes (docker, podman, buildah): the registry an
// image goes to, from its name; what a build puts in it, from its context, its Dockerfile's COPY
// and ADD sources and its .dockerignore. classify.ts gives the reader that reads those files as
// what a push sends.
import path from 'node:path';
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

/** A build's words: its context folder, its Dockerfile (null: the context's), the images it tags, and whether it pushes them (`--push`). */
export type ImageBuild = { context: string; file: string | null; tags: string[]; push: boolean };

/** Build options that take the next word as a value. */
const BUILD_VALUE_OPTIONS = new Set([
  '--build-arg', '--cache-from', '--cache-to', '--label', '--network', '--platform', '--progress', '--secret', '--ssh', '--target', '--iidfile',
  '--add-host', '--build-context', '--cgroup-parent', '--memory', '-m', '--shm-size', '--ulimit', '--output', '-o', '--builder', '--annotation', '--attest', '--metadata-file',
]);

/** The build a container tool's words ask for (`docker build -t app .`, `docker buildx build --push ...`, `podman build`), or null. */
export function imageBuild(args: readonly string[]): ImageBuild | null {
  const at = args[0] === 'buildx' || args[0] === 'image' || args[0] === 'builder' ? 1 : 0;
  if (args[at] !== 'build' && args[at] !== 'bud') return null;
  const build: ImageBuild = { context: '.', file: null, tags: [], push: false };
  for (let k = at + 1; k < args.length; k++) {
    const a = args[k]!;
    const eq = a.startsWith('--') ? a.indexOf('=') : -1;
    const [option, inline] = eq > 0 ? [a.slice(0, eq), a.slice(eq + 1)] : [a, undefined];
    const value = () => inline ?? args[++k] ?? '';
    if (option === '-t' || option === '--tag') build.tags.push(value());
    else if (option === '-f' || option === '--file') build.file = value();
    else if (option === '--push') build.push = true;
    else if (BUILD_VALUE_OPTIONS.has(option)) value();
    else if (!a.startsWith('-')) build.context = a;
  }
  return build;
}

/**
 * What a Dockerfile copies from its context into the image: the sources of its COPY and ADD lines
 * (shell or JSON form, not `--from` another stage or image, not URLs), or 'whole' when one copies the
 * context's top (`COPY . .`).
 */
export function dockerfileSources(dockerfile: string): string[] | 'whole' {
  const sources: string[] = [];
  for (const line of dockerfile.replace(/\\\r?\n/g, ' ').split('\n')) {
    const m = /^\s*(?:COPY|ADD)\s+(.*)$/i.exec(line);
    if (!m) continue;
    let words: string[];
    const rest = m[1]!.replace(/(?:^|\s)--[\w-]+(?:=\S*)?(?=\s|$)/g, (option) => (/--from=/i.test(option) ? ' \0from ' : ' ')).trim();
    if (rest.includes('\0from')) continue;
    if (rest.startsWith('[')) {
      try {
        words = (JSON.parse(rest) as unknown[]).filter((w): w is string => typeof w === 'string');
      } catch {
        continue;
      }
    } else words = rest.split(/\s+/);
    for (const source of words.slice(0, -1)) {
      if (/^[a-z]+:\/\//i.test(source)) continue;
      const clean = source.replace(/^\.?\//, '').replace(/\/+$/, '');
      if (clean === '' || clean === '.' || clean === '*') return 'whole';
      sources.push(clean);
    }
  }
  return sources;
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

/** An image a build on the command line made: its context folder and its Dockerfile (null: the context's), full paths. */
export type BuiltImage = { folder: string; file: string | null };

/** What a build puts in an image from its context: its Dockerfile's COPY and ADD sources (the whole context for `COPY . .`), less what its .dockerignore leaves out. */
export function imageContents(image: BuiltImage, read: FolderReader): string {
  const sources = dockerfileSources(read(image.file ?? 'Dockerfile', image.folder));
  const ignored = dockerignoreRules(read('.dockerignore', image.folder));
  const skip: Skip = (full, isFolder) => ignored(path.relative(image.folder, full), isFolder);
  return (sources === 'whole' ? ['.'] : sources).map((source) => read(source, image.folder, skip)).join('\n');
}

