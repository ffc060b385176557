// What `docker run` (podman's, nerdctl's) runs: the command after its image, with the folders
// of this machine it mounts into the container (`-v "$PWD":/data`, `--mount type=bind,...`) read
// where they are here, so that `docker run -v "$PWD":/data curlimages/curl -d @/data/c.csv URL`
// is read as the curl it runs on c.csv; and what `docker exec` and Compose's `exec` and `run` run
// in a container, with this line's input (`cat c.csv | docker exec -i app curl -d @- URL`).
// bash.ts unwraps it as it unwraps a wrapper.
import path from 'node:path';
import { optionAndValue, optionsEnd } from './option-words.ts';

/** The programs that run containers with docker's words, and Compose's. */
export const CONTAINER_RUNNERS = new Set(['docker', 'podman', 'nerdctl', 'docker-compose', 'podman-compose']);

/** `docker run`'s (and `container run`'s) options that take the next word as a value. */
const RUN_VALUE_OPTIONS = new Set([
  '-v', '--volume', '--mount', '-w', '--workdir', '-e', '--env', '--env-file', '--name', '-p', '--publish', '--network', '--net', '--entrypoint', '-u',
  '--user', '-l', '--label', '--label-file', '--platform', '--pull', '--cpus', '-c', '--cpu-shares', '--cpuset-cpus', '-m', '--memory', '--memory-swap',
  '--add-host', '--dns', '--dns-search', '--dns-option', '-h', '--hostname', '--ipc', '--pid', '--uts', '--userns', '--restart', '--runtime',
  '--shm-size', '--stop-signal', '--stop-timeout', '--tmpfs', '--ulimit', '--device', '--cap-add', '--cap-drop', '--security-opt', '--log-driver',
  '--log-opt', '--health-cmd', '--health-interval', '--health-retries', '--health-timeout', '--health-start-period', '--cidfile', '--cgroupns',
  '--cgroup-parent', '--gpus', '--group-add', '--ip', '--ip6', '--link', '--mac-address', '--network-alias', '--volumes-from', '--volume-driver',
  '--expose', '-a', '--attach', '--detach-keys', '--isolation', '--kernel-memory', '--oom-score-adj', '--pids-limit', '--storage-opt', '--sysctl',
  '--annotation', '--blkio-weight', '--device-read-bps', '--device-write-bps', '--init-path', '--domainname',
]);
/** A host path as a command line writes the folder it runs in: `$PWD`, `${PWD}`, `$(pwd)`, `` `pwd` ``. */
const HERE = /^(?:\$PWD|\$\{PWD\}|\$\(pwd\)|`pwd`)(?=\/|$)/;
/**
 * Images whose entrypoint is a client the hook reads, by the image's name without its registry,
 * owner or tag (`curlimages/curl:8.5.0`, `amazon/aws-cli`, `bitnami/kubectl`): the words given
 * after the image are that client's (`docker run curlimages/curl -d @/data/c.csv URL`).
 */
const IMAGE_ENTRYPOINTS: Record<string, string> = {
  curl: 'curl', 'alpine-curl': 'curl', wget: 'wget', httpie: 'http', xh: 'xh', grpcurl: 'grpcurl', 'aws-cli': 'aws', 'azure-cli': 'az',
  kubectl: 'kubectl', helm: 'helm', rclone: 'rclone', mc: 'mc', 'gsutil': 'gsutil', 'mongo-tools': 'mongoimport',
};
/** How many mounts are mapped; a container path is looked for in each word once per mount. */
const MAX_MOUNTS = 32;

/** A folder of this machine mounted into the container: its path here, and where the container sees it. */
type Mount = { host: string; container: string };

/** `docker exec`'s and `docker compose exec`'s options that take the next word as a value. */
const EXEC_VALUE_OPTIONS = new Set(['-e', '--env', '--env-file', '-u', '--user', '-w', '--workdir', '--detach-keys', '--index']);
/** Compose's own options, before its command (`docker compose -f dev.yml exec ...`), that take the next word as a value. */
const COMPOSE_VALUE_OPTIONS = new Set(['-f', '--file', '-p', '--project-name', '--project-directory', '--env-file', '--profile', '--ansi', '--progress', '--parallel']);
/** The programs that are Compose itself (`docker-compose exec`), beside `docker compose` and `podman compose`. */
const COMPOSE_PROGRAMS = new Set(['docker-compose', 'podman-compose']);

/** A command run in a container, the variables `-e K=V` gives it. */
export type ContainerRun = { argv: string[]; env: Record<string, string> };

/**
 * The command a container runs: `docker run [options] image [command...]` in a new one (with
 * `--entrypoint`, or an image whose entrypoint is a client it reads, that program first:
 * IMAGE_ENTRYPOINTS), `docker exec [options] container command...` in a running one, and Compose's
 * `exec` and `run` (`docker compose exec -T app psql`, `docker-compose run --rm -v .:/w app ...`)
 * in a service's. Each word naming a mounted folder's path in the container is rewritten to its
 * path here (`/data/c.csv` for `-v "$PWD":/data` is `./c.csv`); other paths are read here as they
 * are written. Null for another command, or a run of the image's own command (none given).
 */
export function containerRun(argv: readonly string[]): ContainerRun | null {
  const compose = COMPOSE_PROGRAMS.has(path.basename(argv[0] ?? '')) ? 1 : argv[1] === 'compose' ? 2 : -1;
  if (compose >= 0) {
    const k = optionsEnd(argv, COMPOSE_VALUE_OPTIONS, compose);
    if (argv[k] === 'exec') return commandAfter(argv, k + 1, EXEC_VALUE_OPTIONS, false);
    return argv[k] === 'run' ? commandAfter(argv, k + 1, RUN_VALUE_OPTIONS, false) : null;
  }
  const command = argv[1] === 'container' ? argv[2] : argv[1];
  const k = argv[1] === 'container' ? 3 : 2;
  if (command === 'exec') return commandAfter(argv, k, EXEC_VALUE_OPTIONS, false);
  return command === 'run' ? commandAfter(argv, k, RUN_VALUE_OPTIONS, true) : null;
}

/** The command after the options from `k` and the image, container or service they end at; `image`, whether that names an image whose entrypoint may be a client. */
function commandAfter(argv: readonly string[], k: number, valueOptions: ReadonlySet<string>, image: boolean): ContainerRun | null {
  const mounts: Mount[] = [];
  const env: Record<string, string> = {};
  let entrypoint: string | undefined;
  for (; k < argv.length; k++) {
    const [option, inline] = optionAndValue(argv[k]!);
    if (!option.startsWith('-')) break;
    if (!valueOptions.has(option)) continue;
    const value = inline ?? argv[++k] ?? '';
    if (option === '-v' || option === '--volume') mounts.push(...volumeMount(value));
    else if (option === '--mount') mounts.push(...bindMount(value));
    else if (option === '--entrypoint') entrypoint = value;
    else if ((option === '-e' || option === '--env') && value.includes('=')) env[value.slice(0, value.indexOf('='))] = value.slice(value.indexOf('=') + 1);
  }
  const client = entrypoint ?? (image ? IMAGE_ENTRYPOINTS[(argv[k] ?? '').replace(/[:@].*$/, '').split('/').pop()!] : undefined);
  const given = argv.slice(k + 1);
  const command = client !== undefined && given[0] !== client ? [client, ...given] : given;
  if (command.length === 0) return null;
  // The longest container path first: `/data/in` before `/data`.
  const mapped = mounts.slice(0, MAX_MOUNTS).sort((a, b) => b.container.length - a.container.length);
  return { argv: command.map((word) => mapped.reduce((w, mount) => hostPaths(w, mount), word)), env };
}

/** `-v host:container[:options]`: a bind mount when its first part is a path (a named volume's is a name, not here). */
function volumeMount(value: string): Mount[] {
  const [host = '', container = ''] = value.split(':');
  return isHostPath(host) && container.startsWith('/') ? [{ host: hostFolder(host), container: container.replace(/\/+$/, '') || '/' }] : [];
}

/** `--mount type=bind,source=host,target=container[,...]`. */
function bindMount(value: string): Mount[] {
  const fields = new Map(value.split(',').map((part) => [part.slice(0, part.indexOf('=')).trim(), part.slice(part.indexOf('=') + 1)] as const));
  const host = fields.get('source') ?? fields.get('src') ?? '';
  const container = fields.get('target') ?? fields.get('destination') ?? fields.get('dst') ?? '';
  return (fields.get('type') ?? 'volume') === 'bind' && isHostPath(host) && container.startsWith('/') ? [{ host: hostFolder(host), container: container.replace(/\/+$/, '') || '/' }] : [];
}

const isHostPath = (host: string) => /^[/.~]/.test(host) || HERE.test(host);
/** A host folder as the hook reads paths: the folder it runs in as `.`. */
const hostFolder = (host: string) => host.replace(HERE, '.');

/** `word` with each use of the container path (at its start, or after `=`, `@`, a quote, a space or `:`) as the path here. */
function hostPaths(word: string, { host, container }: Mount): string {
  if (container === '/' || !word.includes(container)) return word;
  let out = '';
  let from = 0;
  for (let at = word.indexOf(container); at >= 0; at = word.indexOf(container, at + container.length)) {
    const before = at === 0 ? '' : word[at - 1]!;
    const after = word[at + container.length] ?? '';
    if ((before === '' || /[\s=@'":]/.test(before)) && (after === '' || after === '/' || /[\s'";]/.test(after))) {
      out += word.slice(from, at) + host;
      from = at + container.length;
    }
  }
  return out + word.slice(from);
}
