// What a CDK deploy or a Pulumi update sends. Each runs a program, the app, whose resources go to
// the cloud with what the app gives them: its values, and the files and folders it names as assets.
// - `cdk deploy` (`cdk watch`, `npx aws-cdk deploy`): the app `--app` or cdk.json's `app` runs (its
//   entry, the last word naming a code file: `npx ts-node bin/crm.ts`, `python3 app.py`; an
//   `--app` folder is a synthesized assembly, read whole), with its `--context` values, to AWS.
//   `cdklocal` deploys to this machine.
// - `pulumi up` (`update`; `--cwd`): the program Pulumi.yaml names (`main`, else index.ts,
//   index.js, __main__.py or main.go; with `runtime: yaml`, Pulumi.yaml itself) with its stacks'
//   config (`Pulumi.<stack>.yaml`), to the providers it uses (`@pulumi/aws`, `pulumi_gcp`, a YAML
//   resource's `aws:s3:BucketObject`) and to the backend that keeps its state: Pulumi.yaml's
//   `backend.url`, PULUMI_BACKEND_URL, the user's current login, else api.pulumi.com (a `file://`
//   backend is this machine).
// The assets an app's code names (assetPaths): CDK's `fromAsset(...)`, `from_asset(...)`,
// `Source.asset(...)`, an Asset's `path`, a DockerImageAsset's `directory`, a bundled function's
// `entry`; Pulumi's `FileAsset(...)`, `FileArchive(...)`, `fn::fileAsset`; and the files either
// reads into a value (`readFileSync(...)`, `open(...)`, `fn::readFile`). A path is read from the
// folder the app runs in, or, joined to `__dirname` or `__file__`'s folder, from its own file's.
// classify.ts reads the entry and the local modules it imports.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hostOf } from './destinations.ts';
import { fileText } from './local-files.ts';
import { wordsOf } from './option-words.ts';
import { LOCAL_PROVIDERS, PROVIDER_HOSTS } from './terraform-runs.ts';

/** What an app's deploy sends: the folder it runs in, its entry file (null: none found), a synthesized assembly to read whole, where it goes (none: this machine), and its other texts (config, context values). */
export type AppDeploy = { folder: string; entry: string | null; assembly: string | null; hosts: string[]; texts: string[] };

/** Where a CDK app's resources and assets go. */
const AWS = 'amazonaws.com';
/** cdk's options that take the next word as a value. */
const CDK_VALUE_OPTIONS = new Set(['-a', '--app', '-c', '--context', '--profile', '--role-arn', '-r', '--toolkit-stack-name', '--output', '-o', '--exclusively', '-e', '--parameters', '--outputs-file', '-O', '--method', '-m', '--change-set-name', '--concurrency', '--asset-parallelism', '--progress', '--require-approval', '--build-exclude', '-E', '--plugin', '-p']);
/** pulumi's options that take the next word as a value. */
const PULUMI_VALUE_OPTIONS = new Set(['-s', '--stack', '-C', '--cwd', '-m', '--message', '-c', '--config', '--config-file', '-p', '--parallel', '-t', '--target', '--replace', '--exclude', '--secrets-provider', '--policy-pack', '--policy-pack-config', '--client', '--plan', '--suppress-progress']);
/** A code file an app command runs. */
const CODE_FILE = /\.(?:[cm]?[jt]s|py|go)$/;
/** Pulumi's provider packages under another name than Terraform's. */
const PULUMI_PROVIDERS: Record<string, string> = { gcp: 'google', 'google-native': 'google', azure: 'azurerm', 'azure-native': 'azurerm', azure_native: 'azurerm', awsx: 'aws', 'aws-native': 'aws', aws_native: 'aws', eks: 'aws' };
/** Where a state backend's URL keeps the state, by scheme (`https://` by its host). */
const BACKEND_SCHEMES: Record<string, string> = { s3: AWS, gs: 'googleapis.com', azblob: 'blob.core.windows.net' };

/** `cdk deploy` (see the head of this file); null for another command. */
export function cdkDeploy(argv: readonly string[], cwd: string): AppDeploy | null {
  const program = path.basename(argv[0] ?? '');
  if (program !== 'cdk' && program !== 'aws-cdk' && program !== 'cdklocal') return null;
  const words = wordsOf(argv.slice(1), CDK_VALUE_OPTIONS);
  if (words.operands[0] !== 'deploy' && words.operands[0] !== 'watch') return null;
  const given = words.options.findLast(([name]) => name === '-a' || name === '--app')?.[1];
  const app = given ?? jsonApp(fileText(path.join(cwd, 'cdk.json')));
  const hosts = program === 'cdklocal' ? [] : [AWS];
  const texts = words.options.filter(([name]) => name === '-c' || name === '--context').map(([, value]) => value);
  if (app !== undefined && isFolder(path.resolve(cwd, app))) return { folder: cwd, entry: null, assembly: path.resolve(cwd, app), hosts, texts };
  const entry = app?.split(/\s+/).findLast((word) => CODE_FILE.test(word));
  return { folder: cwd, entry: entry === undefined ? null : path.resolve(cwd, entry), assembly: null, hosts, texts };
}

/** cdk.json's `app` command. */
function jsonApp(text: string): string | undefined {
  try {
    const app = (JSON.parse(text) as { app?: unknown }).app;
    return typeof app === 'string' ? app : undefined;
  } catch {
    return undefined;
  }
}

function isFolder(full: string): boolean {
  try {
    return fs.statSync(full).isDirectory();
  } catch {
    return false;
  }
}

/** `pulumi up` (see the head of this file), with `env` the command's environment and `home` the user's folder; null for another command. */
export function pulumiUp(argv: readonly string[], cwd: string, env: Readonly<Record<string, string | undefined>>, home: string): AppDeploy | null {
  if (path.basename(argv[0] ?? '') !== 'pulumi') return null;
  const words = wordsOf(argv.slice(1), PULUMI_VALUE_OPTIONS);
  if (words.operands[0] !== 'up' && words.operands[0] !== 'update') return null;
  const given = words.options.findLast(([name]) => name === '-C' || name === '--cwd')?.[1];
  const folder = path.resolve(cwd, given ?? '.');
  const project = fileText(path.join(folder, 'Pulumi.yaml')) || fileText(path.join(folder, 'Pulumi.yml'));
  const stack = words.options.findLast(([name]) => name === '-s' || name === '--stack')?.[1];
  const config = stack === undefined ? stackConfigs(folder) : [fileText(path.join(folder, `Pulumi.${stack.split('/').at(-1)}.yaml`))];
  const texts = [...config, ...words.options.filter(([name]) => name === '-c' || name === '--config').map(([, value]) => value)];
  const backend = pulumiBackend(project, env, home);
  const runtime = /^runtime:\s*(?:\n\s+name:\s*)?["']?(\w+)/m.exec(project)?.[1];
  if (runtime === 'yaml') {
    const providers = [...project.matchAll(/^\s*type:\s*["']?([\w-]+):/gm)].map((m) => m[1]!);
    return { folder, entry: path.join(folder, 'Pulumi.yaml'), assembly: null, hosts: [...new Set([...providerHosts(providers), ...backend])], texts };
  }
  const main = /^main:\s*["']?([^"'\s#]+)/m.exec(project)?.[1];
  const at = main === undefined ? folder : path.resolve(folder, main);
  const entry = CODE_FILE.test(at) ? at : ['index.ts', 'index.js', '__main__.py', 'main.go'].map((file) => path.join(at, file)).find((file) => fileText(file) !== '');
  return { folder, entry: entry ?? null, assembly: null, hosts: backend, texts };
}

/** The config of each of a project's stacks (`Pulumi.<stack>.yaml`). */
function stackConfigs(folder: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(folder);
  } catch {
    return [];
  }
  return names.filter((name) => /^Pulumi\.[^.]+\.ya?ml$/.test(name)).map((name) => fileText(path.join(folder, name)));
}

/** Where Pulumi keeps the state: Pulumi.yaml's `backend.url`, PULUMI_BACKEND_URL, the user's current login, else api.pulumi.com; none for a `file://` backend. */
function pulumiBackend(project: string, env: Readonly<Record<string, string | undefined>>, home: string): string[] {
  const inProject = /^backend:\s*\n\s+url:\s*["']?([^"'\s#]+)/m.exec(project)?.[1];
  let current: string | undefined;
  try {
    const credentials = JSON.parse(fileText(path.join(env.PULUMI_HOME || path.join(home || os.homedir(), '.pulumi'), 'credentials.json'))) as { current?: unknown };
    current = typeof credentials.current === 'string' ? credentials.current : undefined;
  } catch {
    current = undefined;
  }
  const url = inProject ?? env.PULUMI_BACKEND_URL ?? current ?? 'https://api.pulumi.com';
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1]?.toLowerCase();
  if (scheme === 'file') return [];
  const host = (scheme === undefined ? undefined : BACKEND_SCHEMES[scheme]) ?? hostOf(url);
  return host === null ? [] : [host];
}

/** The hosts of providers, by their names (Terraform's, or Pulumi's other names); none for those that work here. */
function providerHosts(names: readonly string[]): string[] {
  return names.flatMap((name) => {
    const provider = PULUMI_PROVIDERS[name] ?? name;
    const host = LOCAL_PROVIDERS.has(provider) ? undefined : PROVIDER_HOSTS[provider];
    return host === undefined ? [] : [host];
  });
}

/** The providers a Pulumi program's code uses (`@pulumi/aws`, `pulumi_gcp`, `github.com/pulumi/pulumi-azure-native-sdk`), by their hosts. */
export function programProviders(code: string): string[] {
  const names = [...code.matchAll(/@pulumi\/([\w-]+)|\bpulumi_([a-z]\w*)|pulumi\/pulumi-([\w-]+?)(?:-sdk|\/sdk)\b/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
  return providerHosts(names);
}

/** The most assets one app's code is read for (each file's). */
const MAX_ASSETS = 256;

/** A call or key naming an asset, or a file read into a value; the path is its first argument or the value. */
const ASSET =
  /\b(?:from_?[aA]sset|Source\.asset|FileAsset|FileArchive|readFileSync|readFile|open)\s*\(|\b(?:path|directory|entry)\s*[:=]\s*(?=[\w.'"`(])|fn::(?:fileAsset|fileArchive|readFile):\s*/g;

/**
 * The assets and read files (full paths) an app's code in `file` names (see the head of this file):
 * a quoted path, a path joined to `__dirname` or `__file__`'s folder (`path.join(__dirname, '..',
 * 'site')`, `os.path.join(os.path.dirname(__file__), "site")`), or a template string starting with
 * `${__dirname}`; from `folder`, where the app runs, or the file's own folder when joined to it. At
 * most MAX_ASSETS.
 */
export function assetPaths(code: string, file: string, folder: string): string[] {
  const paths = new Set<string>();
  for (const m of code.matchAll(ASSET)) {
    if (paths.size >= MAX_ASSETS) break;
    const argument = firstArgument(code, m.index + m[0].length);
    const own = /__dirname|__file__|import\.meta\.dirname/.test(argument);
    const quoted = [...argument.matchAll(/(["'`])((?:(?!\1)[^\n\\])*)\1/g)].map((q) => q[2]!.replace(/^\$\{(?:__dirname|import\.meta\.dirname)\}\/?/, ''));
    // A YAML value is a path as it is (`fn::fileAsset: ./site/index.html`).
    const parts = quoted.length === 0 && m[0].startsWith('fn::') ? [argument.trim()] : quoted;
    if (parts.length === 0 || parts[0] === '' || parts.some((part) => part.includes('${') || /^[a-z][a-z0-9+.-]*:\/\//i.test(part))) continue;
    // A `path`, `directory` or `entry` key is an asset's only where it names a path in the project (an API's `path: '/users'` is not).
    if (!m[0].includes('(') && !m[0].startsWith('fn::') && path.isAbsolute(parts[0]!)) continue;
    paths.add(path.resolve(own ? path.dirname(file) : folder, ...parts));
  }
  return [...paths];
}

/** The text of the argument or value starting at `from`, up to the `,` `)` `}` or line end that closes it (nested brackets kept), at most 500 characters. */
function firstArgument(code: string, from: number): string {
  let depth = 0;
  let quote = '';
  for (let k = from; k < Math.min(code.length, from + 500); k++) {
    const c = code[k]!;
    if (quote !== '') {
      if (c === quote) quote = '';
      else if (c === '\n') return code.slice(from, k);
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) return code.slice(from, k);
      depth--;
    } else if ((c === ',' && depth === 0) || c === '\n') return code.slice(from, k);
  }
  return code.slice(from, Math.min(code.length, from + 500));
}
