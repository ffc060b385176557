// What a serverless platform's deploy uploads from the machine, and where: `serverless deploy`
// (`sls`: the service folder less serverless.yml's `package.patterns` and `package.exclude`), `sam
// deploy`, `sam sync` and `sam package` (each function's and layer's `CodeUri`/`ContentUri` folder in
// the SAM template, else the template's folder; `aws cloudformation package`, the local artifacts
// its template names), `chalice deploy` (app.py, chalicelib, vendor,
// requirements.txt and its config), `zappa deploy|update` (the project folder less
// zappa_settings.json's `exclude`), `eb deploy|create` (the folder less .ebignore, else .gitignore),
// `az webapp up` (the folder), `func azure functionapp publish` (the folder less .funcignore),
// `supabase functions deploy` (a function's folder under supabase/functions, with `_shared`) and
// `deployctl deploy` (the folder, less `--exclude`, or only `--include`). What a project installs
// (node_modules, virtual environments) and the tools' own build folders are not read: they are the
// platform's packages, not the agent's data.
import path from 'node:path';
import { orderedIgnoreRules } from './ignore-files.ts';
import type { HostingUpload } from './hosting-deploys.ts';
import { lastValue, valuesOf, wordsOf } from './option-words.ts';
import { localPath } from './own-files.ts';
import { type FolderReader, readFolderLess } from './published-packages.ts';
import { readYaml } from './yaml-text.ts';

/** What a project installs or a tool builds, never read as the project's data. */
const NOT_READ = ['.git', 'node_modules', '.venv', 'venv', '__pycache__', '.serverless', '.aws-sam', '.terraform', '.chalice/deployments', '.elasticbeanstalk'];

/** A folder's text, less NOT_READ and the ignore lines given (read in order, `!` taking back), each from the folder's top with `fromTop`. */
function folderText(folder: string, read: FolderReader, lines: readonly string[] = [], fromTop = false): string {
  return readFolderLess(folder, read, orderedIgnoreRules([...NOT_READ, ...lines], fromTop));
}

/** Ignore-file lines: none for a file that is not there. */
const linesOf = (text: string): string[] => (text === '' ? [] : text.split('\n'));

/** Where a Serverless Framework service's provider runs its functions. */
const SERVERLESS_PROVIDERS: Record<string, string> = { aws: 'amazonaws.com', azure: 'azurewebsites.net', google: 'cloudfunctions.googleapis.com', openwhisk: 'openwhisk:api' };

/** `serverless deploy [function -f NAME]` (`sls`): the service folder less what serverless.yml's `package` leaves out, to its provider. */
function serverlessDeploy(args: readonly string[], cwd: string, read: FolderReader): HostingUpload | null {
  const words = wordsOf(args, new Set(['-f', '--function', '-s', '--stage', '-r', '--region', '-c', '--config', '-p', '--package', '--aws-profile', '--app', '--org']));
  if (words.operands[0] !== 'deploy' || words.flags.has('--noDeploy')) return null;
  const folder = localPath('.', cwd);
  const prebuilt = lastValue(words, '-p', '--package');
  const config = lastValue(words, '-c', '--config');
  const settings = readYaml(config !== undefined ? read(config, folder) : read('serverless.yml', folder) || read('serverless.yaml', folder));
  const map = (value: unknown): Record<string, unknown> => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
  const provider = map(map(settings).provider).name ?? map(settings).provider;
  const host = SERVERLESS_PROVIDERS[typeof provider === 'string' ? provider : 'aws'] ?? `serverless provider:${String(provider)}`;
  const summary = `serverless deploy to ${host}`;
  if (prebuilt !== undefined) return { text: read(prebuilt, folder, () => false), host, summary };
  const pack = map(map(settings).package);
  const strings = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
  // `patterns: ['!tests/**', 'tests/keep.txt']`: a `!` leaves out, a pattern without one takes back; `exclude` (v2) leaves out.
  const lines = [...strings(pack.exclude), ...strings(pack.patterns).map((p) => (p.startsWith('!') ? p.slice(1) : `!${p}`))];
  return { text: folderText(folder, read, lines, true), host, summary };
}

/** `sam deploy|sync|package [-t TEMPLATE]`: each function's and layer's code folder the template names (templateArtifacts), else the template's folder, to AWS. */
function samDeploy(args: readonly string[], cwd: string, read: FolderReader): HostingUpload | null {
  const words = wordsOf(args, new Set(['-t', '--template-file', '--template', '--stack-name', '--s3-bucket', '--region', '--profile', '--config-file', '--config-env', '--parameter-overrides', '--capabilities', '--output-template-file']));
  if (words.operands[0] !== 'deploy' && words.operands[0] !== 'sync' && words.operands[0] !== 'package') return null;
  const given = lastValue(words, '-t', '--template-file', '--template');
  // `sam build` writes the template deploy uses, with each CodeUri pointing into .aws-sam/build.
  const built = path.join('.aws-sam', 'build', 'template.yaml');
  const template = given ?? [built, 'template.yaml', 'template.yml'].find((name) => read(name, cwd) !== '') ?? 'template.yaml';
  return { text: templateArtifacts(template, cwd, read, true), host: 'amazonaws.com', summary: `sam ${words.operands[0]} to amazonaws.com` };
}

/** `aws cloudformation package --template-file T`: the local artifacts the template names (templateArtifacts), uploaded to S3. */
function cloudformationPackage(args: readonly string[], cwd: string, read: FolderReader): HostingUpload | null {
  const at = args.findIndex((a, k) => a === 'cloudformation' && args[k + 1] === 'package');
  if (at < 0) return null;
  const template = lastValue(wordsOf(args.slice(at + 2), new Set(['--template-file', '--s3-bucket', '--s3-prefix', '--kms-key-id', '--output-template-file', '--metadata', '--region', '--profile'])), '--template-file');
  if (template === undefined) return null;
  return { text: templateArtifacts(template, cwd, read, false), host: 'amazonaws.com', summary: 'aws cloudformation package to amazonaws.com' };
}

/**
 * The local artifacts a SAM or CloudFormation template names, which a deploy or package uploads:
 * each function's, layer's and nested stack's `CodeUri`, `ContentUri`, `Code`, `DefinitionUri`,
 * `BodyS3Location` and `TemplateURL` given as a local path (Globals' too), from the template's
 * folder; with `whole`, the template's folder when it names none (SAM's default CodeUri).
 */
function templateArtifacts(template: string, cwd: string, read: FolderReader, whole: boolean): string {
  const folder = path.dirname(localPath(template, cwd));
  const uris = [...read(template, cwd).matchAll(/^[ \t]*(?:CodeUri|ContentUri|Code|DefinitionUri|BodyS3Location|TemplateURL)[ \t]*:[ \t]*["']?([^\s"'#{]+)/gm)]
    .map((m) => m[1]!)
    .filter((uri) => !/^(?:s3|https?):\/\//.test(uri));
  const code = uris.length > 0 || !whole ? uris : ['.'];
  const text = [...new Set(code)].map((uri) => {
    const at = localPath(uri, folder);
    return at.includes(`${path.sep}.aws-sam${path.sep}`) ? read(at, folder, () => false) : folderText(at, read);
  });
  return [read(template, cwd), ...text].join('\n');
}

/** `chalice deploy [--project-dir DIR]`: app.py, chalicelib, vendor, requirements.txt and .chalice/config.json, to AWS. */
function chaliceDeploy(args: readonly string[], cwd: string, read: FolderReader): HostingUpload | null {
  const words = wordsOf(args, new Set(['--project-dir', '--stage', '--profile', '--api-gateway-stage', '--connection-timeout', '--lambda-only']));
  if (!words.operands.includes('deploy')) return null;
  const folder = localPath(lastValue(words, '--project-dir') ?? '.', cwd);
  const text = ['app.py', 'chalicelib', 'vendor', 'requirements.txt', path.join('.chalice', 'config.json')].map((word) => (word.includes('.') ? read(word, folder) : folderText(localPath(word, folder), read)));
  return { text: text.join('\n'), host: 'amazonaws.com', summary: 'chalice deploy to amazonaws.com' };
}

/** `zappa deploy|update [STAGE|--all]`: the project folder less the stages' `exclude` globs in zappa_settings.json, to AWS. */
function zappaDeploy(args: readonly string[], cwd: string, read: FolderReader): HostingUpload | null {
  const words = wordsOf(args, new Set(['-s', '--settings_file', '-z', '--zip']));
  if (words.operands[0] !== 'deploy' && words.operands[0] !== 'update') return null;
  const folder = localPath('.', cwd);
  const zip = lastValue(words, '-z', '--zip');
  if (zip !== undefined) return { text: read(zip, folder), host: 'amazonaws.com', summary: 'zappa deploy to amazonaws.com' };
  let exclude: string[] = [];
  try {
    const settings: unknown = JSON.parse(read(lastValue(words, '-s', '--settings_file') ?? 'zappa_settings.json', folder));
    for (const stage of Object.values(settings !== null && typeof settings === 'object' ? settings : {})) {
      const globs = (stage as { exclude?: unknown } | null)?.exclude;
      if (Array.isArray(globs)) exclude = [...exclude, ...globs.filter((g): g is string => typeof g === 'string')];
    }
  } catch {
    // Settings that do not parse leave nothing out.
  }
  return { text: folderText(folder, read, exclude), host: 'amazonaws.com', summary: 'zappa deploy to amazonaws.com' };
}

/** `eb deploy|create`: the project folder less .ebignore, else (in a git work tree) what .gitignore leaves out, to Elastic Beanstalk. */
function ebDeploy(args: readonly string[], cwd: string, read: FolderReader): HostingUpload | null {
  const words = wordsOf(args, new Set(['-l', '--label', '-m', '--message', '--source', '-p', '--platform', '-r', '--region', '--profile', '--timeout', '--modules', '-i', '--instance_type', '-c', '--cname', '--env-group-suffix']));
  if (words.operands[0] !== 'deploy' && words.operands[0] !== 'create') return null;
  const folder = localPath('.', cwd);
  const ebignore = read('.ebignore', folder);
  const lines = ebignore !== '' ? linesOf(ebignore) : linesOf(read('.gitignore', folder));
  return { text: folderText(folder, read, lines), host: 'elasticbeanstalk.amazonaws.com', summary: 'eb deploy to elasticbeanstalk.amazonaws.com' };
}

/** `az webapp up`: the folder it runs in, to App Service; null for az's other commands (read as a cloud CLI's). */
function azWebappUp(args: readonly string[], cwd: string, read: FolderReader): HostingUpload | null {
  if (args[0] !== 'webapp' || args[1] !== 'up' || args.includes('--dryrun')) return null;
  return { text: folderText(localPath('.', cwd), read), host: 'azurewebsites.net', summary: 'az webapp up to azurewebsites.net' };
}

/** `func azure functionapp publish NAME`: the function app's folder less .funcignore, to Azure Functions. */
function funcPublish(args: readonly string[], cwd: string, read: FolderReader): HostingUpload | null {
  if (args[0] !== 'azure' || args[1] !== 'functionapp' || args[2] !== 'publish') return null;
  const folder = localPath('.', cwd);
  return { text: folderText(folder, read, linesOf(read('.funcignore', folder))), host: 'azurewebsites.net', summary: 'func azure functionapp publish to azurewebsites.net' };
}

/** `supabase functions deploy [NAME...]`: each function's folder under supabase/functions (every one without a name), with `_shared`, to the project. */
export function supabaseFunctionsDeploy(args: readonly string[], cwd: string, read: FolderReader): HostingUpload | null {
  const words = wordsOf(args, new Set(['--project-ref', '--workdir', '--import-map', '--env-file']));
  const [group, command, ...names] = words.operands;
  if (group !== 'functions' || command !== 'deploy') return null;
  const functions = path.join(localPath(lastValue(words, '--workdir') ?? '.', cwd), 'supabase', 'functions');
  const ref = lastValue(words, '--project-ref');
  const host = ref !== undefined && /^[a-z0-9]{1,64}$/.test(ref) ? `${ref}.supabase.co` : 'supabase.co';
  const text = names.length === 0 ? folderText(functions, read) : [...names, '_shared'].map((name) => folderText(path.join(functions, name), read)).join('\n');
  return { text, host, summary: `supabase functions deploy to ${host}` };
}

/** `deployctl deploy [--include=G] [--exclude=G] ENTRY`: the folder it runs in (or `--root`), less what `--exclude` leaves out, or only what `--include` names, to Deno Deploy. */
function deployctlDeploy(args: readonly string[], cwd: string, read: FolderReader): HostingUpload | null {
  const words = wordsOf(args, new Set(['--project', '-p', '--entrypoint', '--include', '--exclude', '--root', '--token', '--env', '--env-file', '--org', '--import-map', '--config']));
  if (words.operands[0] !== 'deploy') return null;
  const folder = localPath(lastValue(words, '--root') ?? '.', cwd);
  const included = valuesOf(words, '--include').flatMap((v) => v.split(','));
  const excluded = valuesOf(words, '--exclude').flatMap((v) => v.split(','));
  const text = included.length > 0 ? included.map((word) => read(word, folder)).join('\n') : folderText(folder, read, excluded, true);
  return { text, host: 'api.deno.com', summary: 'deployctl deploy to api.deno.com' };
}

/** The roads by program name. */
export const FUNCTION_DEPLOYS = new Map<string, (args: readonly string[], cwd: string, read: FolderReader) => HostingUpload | null>([
  ['serverless', serverlessDeploy],
  ['sls', serverlessDeploy],
  ['sam', samDeploy],
  ['aws', cloudformationPackage],
  ['chalice', chaliceDeploy],
  ['zappa', zappaDeploy],
  ['eb', ebDeploy],
  ['az', azWebappUp],
  ['func', funcPublish],
  ['deployctl', deployctlDeploy],
]);
