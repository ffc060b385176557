// What kubectl, kustomize and helm read from local files to send to a cluster or a chart registry:
// the manifests `kubectl apply -f folder` takes, what a kustomization names (its resources, the
// kustomizations they are in, its generators' files and envs, its patches), and a local chart's
// files less what its .helmignore leaves out. classify.ts gives the reader that reads them within
// the call's bounds.
import path from 'node:path';
import { optionAndValue } from './bash.ts';
import { MAX_FOLDER_ENTRIES } from './config.ts';
import type { Skip } from './local-files.ts';
import { orderedIgnoreRules } from './ignore-files.ts';
import type { FolderReader } from './published-packages.ts';
import type { Unread } from './unread.ts';

/** The files kubectl takes from a folder it is given (`kubectl apply -f k8s/`): manifests, by their names. */
const MANIFEST_FILE = /\.(?:ya?ml|json)$/i;

/**
 * What `kubectl apply -f folder` leaves out of a folder: any file not a manifest, and without `-R`
 * the folders in it. Past MAX_FOLDER_ENTRIES left out, none more is: the walk counts them, and a
 * folder too large to read blocks as any does (`-Rf node_modules/` walks every package).
 */
export function manifestsOnly(recursive: boolean): Skip {
  let leftOut = 0;
  return (full, folder) => (folder ? !recursive : !MANIFEST_FILE.test(full)) && ++leftOut <= MAX_FOLDER_ENTRIES;
}

/** The names kustomize looks for a folder's kustomization under. */
const KUSTOMIZATION_FILES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];
/** A kustomization's fields whose values name files and folders it reads: resources, generators' `files:` and `envs:`, patches, and the like. */
const READING_FIELDS = new Set([
  'resources', 'bases', 'components', 'crds', 'patches', 'patchesStrategicMerge', 'patchesJson6902', 'configMapGenerator', 'secretGenerator',
  'generators', 'transformers', 'validators', 'replacements', 'openapi', 'helmCharts', 'helmGlobals',
]);
/** Of those, the fields whose folders hold kustomizations of their own (`resources: [../../base]`). */
const KUSTOMIZATION_FIELDS = new Set(['resources', 'bases', 'components']);
/** How deep kustomizations naming kustomizations are followed (an overlay of an overlay of a base), and how many names a call's kustomizations are looked up by in all. */
const MAX_KUSTOMIZATION_DEPTH = 8;
const MAX_KUSTOMIZATION_NAMES = 4_096;
/** A top-level field of a kustomization (`resources:`), and what follows it on its line. */
const TOP_FIELD = /^([A-Za-z]\w{0,63})[ \t]*:(.*)$/;

/** The state of one call's reading of kustomizations: the folders read (a cycle is read once) and the names looked up. */
type Reading = { read: FolderReader; unread: Unread; folders: Set<string>; names: number };

/**
 * What `kubectl apply -k folder` (`kustomize build folder`) reads: its kustomization's text (its
 * `literals:` are sent as written), and each file or folder its reading fields name, from its
 * folder: a folder holding a kustomization is read as one in turn. Null when the folder holds no
 * kustomization.
 */
export function kustomization(folder: string, read: FolderReader, unread: Unread): string | null {
  return kustomizationIn(folder, 0, { read, unread, folders: new Set(), names: 0 });
}

function kustomizationIn(folder: string, depth: number, reading: Reading): string | null {
  const text = KUSTOMIZATION_FILES.map((name) => reading.read(name, folder)).find((t) => t !== '');
  if (text === undefined) return null;
  if (reading.folders.has(folder)) return '';
  reading.folders.add(folder);
  if (depth > MAX_KUSTOMIZATION_DEPTH) {
    reading.unread.add(`its kustomizations name kustomizations more than ${MAX_KUSTOMIZATION_DEPTH} deep`);
    return '';
  }
  const parts = [text];
  for (const { field, word } of namedInKustomization(text)) {
    if (++reading.names > MAX_KUSTOMIZATION_NAMES) {
      reading.unread.add(`its kustomizations name more than ${MAX_KUSTOMIZATION_NAMES.toLocaleString('en-US')} files`, true);
      break;
    }
    const full = path.resolve(folder, word);
    const nested = KUSTOMIZATION_FIELDS.has(field) ? kustomizationIn(full, depth + 1, reading) : null;
    parts.push(nested ?? reading.read(full, folder));
  }
  return parts.join('\n');
}

/**
 * The words a kustomization's reading fields give, each once, with its field: list items and
 * values (`- ../../base`, `path: patch.yaml`, `files: [a.csv]`), a generator's `key=file` by its
 * file. A URL (a remote base) names no local file.
 */
function namedInKustomization(text: string): { field: string; word: string }[] {
  const named = new Map<string, string>();
  let field = '';
  for (const line of text.split('\n')) {
    const top = TOP_FIELD.exec(line);
    if (top) field = top[1]!;
    if (!READING_FIELDS.has(field)) continue;
    const values = (top ? top[2]! : line).replace(/(?:^|\s)#.*$/, '');
    for (const token of values.split(/[\s,[\]{}"']+/)) {
      const word = token.slice(token.lastIndexOf('=') + 1);
      if (word === '' || token.endsWith(':') || /^[-|>]+$/.test(word) || word.includes('://') || named.has(word)) continue;
      named.set(word, field);
    }
  }
  return [...named].map(([word, field]) => ({ field, word }));
}

/**
 * What a local chart helm installs or packages holds: its folder (with Chart.yaml) whole, less what
 * its .helmignore leaves out (a `!` line takes back), or a packaged chart's archive. '' for a chart
 * from a repository (`bitnami/nginx`, `oci://...`), which is not local.
 */
export function chartContents(word: string, cwd: string, read: FolderReader): string {
  const folder = path.resolve(cwd, word);
  if (read('Chart.yaml', folder) === '') return /\.tgz$/i.test(word) ? read(word, cwd) : '';
  const ignored = orderedIgnoreRules(read('.helmignore', folder).split('\n'), false);
  const skip: Skip = (full, isFolder) => ignored(path.relative(folder, full), isFolder);
  return read('.', folder, skip);
}

/** helm package's options that take a value. */
const PACKAGE_VALUE_OPTIONS = new Set(['-d', '--destination', '--version', '--app-version', '--key', '--keyring', '--passphrase-file']);

/**
 * The archives `helm package chart...` writes (`<name>-<version>.tgz` from each chart's Chart.yaml,
 * in `-d` or where it runs) and the chart folder each holds; none for a folder without Chart.yaml.
 */
export function packagedCharts(args: readonly string[], cwd: string, read: FolderReader): { archive: string; folder: string }[] {
  const folders: string[] = [];
  let destination = '.';
  let version: string | undefined;
  for (let k = 0; k < args.length; k++) {
    const [option, inline] = optionAndValue(args[k]!);
    if (PACKAGE_VALUE_OPTIONS.has(option)) {
      const value = inline ?? args[++k] ?? '';
      if (option === '-d' || option === '--destination') destination = value;
      if (option === '--version') version = value;
    } else if (!option.startsWith('-')) folders.push(path.resolve(cwd, option));
  }
  return folders.flatMap((folder) => {
    const chart = read('Chart.yaml', folder);
    const name = chartName(chart);
    const own = version ?? /^version:[ \t]*["']?([\w.+-]+)/m.exec(chart)?.[1];
    return name && own ? [{ archive: path.resolve(cwd, destination, `${name}-${own}.tgz`), folder }] : [];
  });
}

/** The name a chart's Chart.yaml gives it, undefined for none. */
const chartName = (chart: string) => /^name:[ \t]*["']?([\w.-]+)/m.exec(chart)?.[1];

/** Where a command that builds manifests writes them instead of printing them: into one file, or into a folder as files whose names are not known here. */
export type ManifestsWritten = { file: string } | { folder: string; files: string };

/**
 * Where `kustomize build -o out.yaml` and `kubectl kustomize -o out.yaml` write what they build (into
 * a folder that is there, `-o out/`, a file for each object), and where `helm template --output-dir
 * out ./chart` writes its chart's rendered templates (`out/<chart>/templates/`, and its subcharts'
 * under `out/<chart>/charts/`; with `--release-name`, under `out/<release>/`). Null for a command
 * that prints them, or a chart that is not local.
 */
export function manifestsWritten(tool: string, args: readonly string[], cwd: string, read: FolderReader, isFolder: (full: string) => boolean): ManifestsWritten | null {
  const [command, ...operands] = positionals(tool, args);
  const builds = (tool === 'kustomize' && command === 'build') || (tool === 'kubectl' && command === 'kustomize');
  if (!builds && !(tool === 'helm' && command === 'template')) return null;
  let output: string | undefined;
  for (let k = 0; k < args.length; k++) {
    const [option, inline] = optionAndValue(args[k]!);
    const named = builds ? option === '-o' || option === '--output' : option === '--output-dir';
    if (named) output = inline ?? args[k + 1];
  }
  if (output === undefined || output === '') return null;
  if (builds) return output.endsWith('/') || isFolder(path.resolve(cwd, output)) ? { folder: output, files: '*.yaml' } : { file: output };
  const chart = operands[operands.length - 1];
  const name = chart === undefined ? undefined : chartName(read('Chart.yaml', path.resolve(cwd, chart)));
  if (name === undefined) return null;
  if (!args.includes('--release-name')) return { folder: path.join(output, name), files: 'templates/*.yaml' };
  // A release's name given, or helm's own (`release-name`); one it generates (`-g`) is not known here.
  if (args.includes('-g') || args.includes('--generate-name')) return { folder: output, files: `*/${name}/templates/*.yaml` };
  return { folder: path.join(output, operands.length > 1 ? operands[0]! : 'release-name', name), files: 'templates/*.yaml' };
}

/** kubectl's (and oc's) options that take a value, before or after its command (`-n prod`, `--context c`). */
const KUBECTL_VALUE_OPTIONS = new Set([
  '-n', '--namespace', '--context', '--cluster', '--user', '--kubeconfig', '-s', '--server', '--token', '--as', '--as-group', '-o', '--output',
  '-l', '--selector', '-c', '--container', '--field-manager', '--load-restrictor', '-f', '--filename', '-k', '--kustomize',
]);
/** helm's options that take a value. */
const HELM_VALUE_OPTIONS = new Set([
  '-f', '--values', '--set', '--set-string', '--set-file', '--set-json', '--set-literal', '-n', '--namespace', '--version', '--repo', '--timeout',
  '--kube-context', '--kubeconfig', '--kube-apiserver', '--kube-as-user', '--kube-as-group', '--kube-ca-file', '--kube-token', '--description',
  '--post-renderer', '--post-renderer-args', '--username', '--password', '--ca-file', '--cert-file', '--key-file', '--keyring', '--name-template',
  '-o', '--output', '--output-dir', '--registry-config', '--repository-cache', '--repository-config', '--history-max', '--burst-limit', '--qps',
  '-l', '--labels', '-a', '--api-versions', '--kube-version', '-s', '--show-only', '-d', '--destination', '--app-version', '--passphrase-file',
]);
/** kustomize's options that take a value (`kustomize build -o out.yaml dir`). */
const KUSTOMIZE_VALUE_OPTIONS = new Set(['-o', '--output', '--load-restrictor', '-e', '--env', '--helm-command', '--mount', '--network-name', '--reorder']);
/** Each tool's options that take a value, by the tool whose words it takes. */
const VALUE_OPTIONS: Record<string, ReadonlySet<string>> = { kubectl: KUBECTL_VALUE_OPTIONS, helm: HELM_VALUE_OPTIONS, kustomize: KUSTOMIZE_VALUE_OPTIONS };

/** A kubectl's, helm's or kustomize's words that are neither options nor their values: its command first (`install`), then its operands (`crm`, `./chart`). */
export function positionals(tool: string, args: readonly string[]): string[] {
  const valueOptions = VALUE_OPTIONS[tool] ?? new Set<string>();
  const words: string[] = [];
  for (let k = 0; k < args.length; k++) {
    const [option, inline] = optionAndValue(args[k]!);
    if (!option.startsWith('-') || option === '-') words.push(option);
    else if (inline === undefined && valueOptions.has(option)) k++;
  }
  return words;
}

/** Commands that write what they would send to the cluster and send nothing: `helm template`, `kubectl kustomize` (`oc kustomize`). */
const PRINTING_COMMANDS: Record<string, string> = { helm: 'template', kubectl: 'kustomize' };

/** Whether a cluster tool's command line only writes what it would send (PRINTING_COMMANDS), by the tool whose words it takes. */
export const printsManifests = (tool: string, args: readonly string[]) => PRINTING_COMMANDS[tool] !== undefined && positionals(tool, args)[0] === PRINTING_COMMANDS[tool];
