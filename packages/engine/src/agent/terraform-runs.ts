// What `terraform apply` (OpenTofu's `tofu apply`) sends. Its configuration's values go to the
// providers its resources belong to (`aws_s3_object` to AWS), and, with a remote backend, the state
// holding them goes where that backend keeps it: the root module's `.tf` files (less comments) and
// its local modules', the files they read (`file()`, `filebase64()`, `templatefile()`, a resource's
// `source = "..."`), the variables (`terraform.tfvars`, `*.auto.tfvars`, `-var`, `-var-file`,
// `TF_VAR_*`) and a saved plan it applies. `terraform plan` sends the same only where it runs
// remotely (a `cloud` block, the `remote` backend). Providers that work on this machine (`local`,
// `null`, `random`, `tls`, `archive`, `time`, ...) send nothing.
import path from 'node:path';
import { hostOf } from './destinations.ts';
import { optionAndValue } from './option-words.ts';

/** The command, where what it sends goes, and what: files of this machine (full paths) and text. */
export type TerraformSend = { command: 'apply' | 'plan'; hosts: string[]; files: string[]; texts: string[] };

/** Where each provider's resources go (a resource's type starts with its provider's name: `aws_s3_object`). */
export const PROVIDER_HOSTS: Record<string, string> = {
  aws: 'amazonaws.com',
  google: 'googleapis.com',
  'google-beta': 'googleapis.com',
  azurerm: 'management.azure.com',
  azuread: 'graph.microsoft.com',
  cloudflare: 'api.cloudflare.com',
  github: 'api.github.com',
  gitlab: 'gitlab.com',
  digitalocean: 'api.digitalocean.com',
  heroku: 'api.heroku.com',
  vercel: 'api.vercel.com',
  netlify: 'api.netlify.com',
  datadog: 'api.datadoghq.com',
  snowflake: 'snowflakecomputing.com',
  mongodbatlas: 'cloud.mongodb.com',
  auth0: 'auth0.com',
  okta: 'okta.com',
  linode: 'api.linode.com',
  hcloud: 'api.hetzner.cloud',
  oci: 'oraclecloud.com',
  alicloud: 'aliyuncs.com',
  ibm: 'cloud.ibm.com',
  kubernetes: 'kubernetes:cluster',
  helm: 'kubernetes:cluster',
};
/** Providers that work on this machine alone. */
export const LOCAL_PROVIDERS = new Set(['local', 'null', 'random', 'tls', 'template', 'archive', 'external', 'time', 'terraform']);
/** Where each backend keeps the state. */
const BACKEND_HOSTS: Record<string, string> = { s3: 'amazonaws.com', gcs: 'googleapis.com', azurerm: 'blob.core.windows.net', remote: 'app.terraform.io', cos: 'myqcloud.com', oss: 'aliyuncs.com', kubernetes: 'kubernetes:cluster', consul: 'consul:cluster' };

/** Options of terraform's apply and plan that take the next word as a value (`-var k=v`; `-var=k=v` too). */
const VALUE_OPTIONS = new Set(['-var', '-var-file', '-target', '-replace', '-state', '-state-out', '-backup', '-lock-timeout', '-parallelism', '-out', '-generate-config-out']);
/** The most local modules one apply reads. */
const MAX_MODULES = 32;

/**
 * What `terraform [-chdir=DIR] apply|plan ...` (or `tofu`) sends, and where; null for another
 * command, a plan that runs here, or a configuration whose providers all work here. `read` gives a
 * file's text, or a glob's files' texts, by full path ('' for none); `env` is the command's
 * environment.
 */
export function terraformApply(argv: readonly string[], cwd: string, env: Readonly<Record<string, string | undefined>>, read: (file: string) => string): TerraformSend | null {
  const program = path.basename(argv[0] ?? '');
  if (program !== 'terraform' && program !== 'tofu') return null;
  let folder = cwd;
  let k = 1;
  for (; k < argv.length && argv[k]!.startsWith('-'); k++) {
    const [option, inline] = optionAndValue(argv[k]!.replace(/^-chdir/, '--chdir'));
    if (option === '--chdir') folder = path.resolve(cwd, inline ?? argv[++k] ?? '.');
  }
  const command = argv[k];
  if (command !== 'apply' && command !== 'plan') return null;
  const vars: string[] = [];
  const varFiles: string[] = [];
  let plan: string | null = null;
  for (let j = k + 1; j < argv.length; j++) {
    const [option, inline] = optionAndValue(argv[j]!.replace(/^-(?=[a-z])/, '--'));
    const name = option.replace(/^--/, '-');
    if (VALUE_OPTIONS.has(name)) {
      const value = inline ?? argv[++j] ?? '';
      if (name === '-var') vars.push(value);
      if (name === '-var-file') varFiles.push(path.resolve(folder, value));
    } else if (!option.startsWith('-')) plan = path.resolve(folder, option);
  }
  const modules = configuration(folder, read);
  const config = modules.map((m) => m.text).join('\n');
  const backend = backendHost(config);
  const remote = backend === 'app.terraform.io' || /(?:^|\n)\s*cloud\s*\{/.test(config);
  if (command === 'plan' && !remote) return null;
  const hosts = new Set<string>(command === 'plan' ? [] : providers(config));
  if (backend !== null) hosts.add(backend);
  if (remote) hosts.add('app.terraform.io');
  if (hosts.size === 0) return null;
  const tfvars = [read(path.join(folder, 'terraform.tfvars')), read(path.join(folder, 'terraform.tfvars.json')), read(path.join(folder, '*.auto.tfvars')), read(path.join(folder, '*.auto.tfvars.json'))];
  const fromEnv = Object.entries(env).flatMap(([key, value]) => (key.startsWith('TF_VAR_') && value !== undefined ? [value] : []));
  return {
    command,
    hosts: [...hosts],
    files: [...new Set([...modules.flatMap((m) => filesRead(m.text, m.folder, folder)), ...varFiles, ...(plan === null ? [] : [plan])])],
    texts: [config, ...tfvars, ...vars, ...fromEnv],
  };
}

/** The root module's `.tf` files and its local modules' (`source = "./modules/x"`), each module's folder and text, comments taken out, up to MAX_MODULES. */
function configuration(folder: string, read: (file: string) => string): { folder: string; text: string }[] {
  const modules: { folder: string; text: string }[] = [];
  const seen = new Set<string>();
  const queue = [folder];
  while (queue.length > 0 && seen.size < MAX_MODULES) {
    const next = queue.shift()!;
    if (seen.has(next)) continue;
    seen.add(next);
    const text = withoutComments(read(path.join(next, '*.tf')));
    modules.push({ folder: next, text });
    for (const m of text.matchAll(/\bmodule\s+"[^"]*"\s*\{[^}]*?\bsource\s*=\s*"(\.{1,2}\/[^"]*)"/g)) queue.push(path.resolve(next, m[1]!));
  }
  return modules;
}

/** HCL less its comments (`#`, `//` and slash-star blocks, outside strings): what is there for the people who read it, not the providers. */
function withoutComments(text: string): string {
  // An unclosed `/*` runs to the end, as a closed one to its `*/`: each match ends where it can, so the text is gone through once.
  return text.replace(/"(?:[^"\\\n]|\\.)*"|\/\*[\s\S]*?(?:\*\/|$(?![\s\S]))|(?:#|\/\/)[^\n]*/g, (m) => (m.startsWith('"') ? m : ''));
}

/** The hosts of the providers the configuration's resources and data sources belong to (their type's first word), and its provider blocks'. */
function providers(config: string): string[] {
  const names = new Set<string>();
  for (const m of config.matchAll(/\b(?:resource|data)\s+"([a-z0-9-]+?)_[\w-]*"/g)) names.add(m[1]!);
  for (const m of config.matchAll(/\bprovider\s+"([\w-]+)"/g)) names.add(m[1]!);
  return [...names].filter((name) => !LOCAL_PROVIDERS.has(name)).map((name) => PROVIDER_HOSTS[name] ?? `terraform provider:${name}`);
}

/** Where the backend keeps the state (`backend "s3"`, `backend "http" { address = ... }`); null for the local one or none. */
function backendHost(config: string): string | null {
  const backend = /\bbackend\s+"([\w-]+)"\s*\{([^}]*)\}/.exec(config);
  if (backend === null || backend[1] === 'local') return null;
  const address = /\b(?:address|hostname|conn_str|endpoint)\s*=\s*"([^"]+)"/.exec(backend[2]!)?.[1];
  return (address ? hostOf(address.includes('://') ? address : `https://${address}`) : null) ?? BACKEND_HOSTS[backend[1]!] ?? `terraform backend:${backend[1]}`;
}

/** The files of this machine a module's configuration reads into what it sends: `file("...")`, `filebase64`, `templatefile`, and a resource's `source = "..."` (not a module's). */
function filesRead(config: string, module: string, root: string): string[] {
  const named = [
    ...[...config.matchAll(/\b(?:file|filebase64|templatefile)\(\s*"([^"]+)"/g)].map((m) => m[1]!),
    ...[...config.matchAll(/\bresource\s+"[^"]+"\s+"[^"]+"\s*\{[^}]*?\bsource\s*=\s*"([^"]+)"/g)].map((m) => m[1]!),
  ];
  // `${path.module}/customers.csv`: the module's folder; `${path.root}` and `${path.cwd}`, the root module's, where terraform runs; a path left relative, from there too.
  return named.map((file) => path.resolve(root, file.replace(/\$\{path\.module\}/g, module).replace(/\$\{path\.(?:root|cwd)\}/g, root))).filter((file) => !file.includes('${'));
}
