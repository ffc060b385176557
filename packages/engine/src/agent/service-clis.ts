// Command lines of services whose words are calls to the service's API: `stripe customers create
// --email ...`, `twilio api:core:messages:create --body ...`, `auth0 users create --email ...`,
// `sentry-cli send-event -m ...`, `slack chat send ...` send
// what their words carry to the service (the user's own login and configuration stay here); and
// the stores and imports that send a file or their input: `firebase auth:import users.csv`,
// `firebase database:set /path file.json`,
// `vercel blob put file`, `netlify blobs:set STORE KEY [VALUE]` (`--input file`); and the uploads of
// machine-learning platforms: `hf upload REPO [PATH]` (`huggingface-cli`), `kaggle datasets
// create|version -p FOLDER` (`kernels push`, `competitions submit -f`), `wandb artifact put PATH`
// and `mlflow artifacts log-artifact(s)` to a remote tracking server; and issue trackers' CLIs
// (`jira issue create -b ...`, `acli jira workitem create --description-file f`, `linear issue
// create -d ...`), as gh's issues to GitHub: their words and the files their options name.
import path from 'node:path';
import { hostOf } from './destinations.ts';
import { type CommandSources, lastValue, valuesOf, wordsOf } from './option-words.ts';

/** The services' CLIs, and where their calls go. */
const SERVICE_CLIS: Record<string, string> = {
  stripe: 'api.stripe.com',
  twilio: 'api.twilio.com',
  auth0: 'auth0.com',
  okta: 'okta.com',
  algolia: 'algolia.net',
  'sentry-cli': 'sentry.io',
  // slack-cli (`slack chat send TEXT '#channel'`).
  slack: 'slack.com',
};
/**
 * Issue trackers' CLIs, where their calls go, their options whose value names a file whose text
 * they send (`-`: their input), and those that name the tracker's own users (an assignee is who
 * works on the issue, as a mail's recipient is where it goes: not data in it).
 */
const ISSUE_TRACKERS: Record<string, { host: string; fileOptions: ReadonlySet<string>; userOptions: ReadonlySet<string> }> = {
  // jira-cli: `jira issue create -s ... -b ...`, the body from `-T file`.
  jira: { host: 'atlassian.net', fileOptions: new Set(['-T', '--template']), userOptions: new Set(['-a', '--assignee', '-r', '--reporter']) },
  // Atlassian's acli: `acli jira workitem create -d ... | --description-file f | --from-file f | --from-json f`, `comment create -F f`.
  acli: { host: 'atlassian.net', fileOptions: new Set(['--description-file', '--from-file', '--from-json', '-F', '--body-file']), userOptions: new Set(['-a', '--assignee']) },
  // linear-cli: `linear issue create -d ... | --description-file f`, `linear issue comment add --body-file f`.
  linear: { host: 'api.linear.app', fileOptions: new Set(['--description-file', '--body-file']), userOptions: new Set(['-a', '--assignee']) },
};

/** Their commands that keep the user's own login and configuration, or only listen: nothing of the agent's is sent. */
const OWN_COMMANDS = new Set(['login', 'logout', 'config', 'configure', 'profiles', 'profiles:add', 'profiles:use', 'profiles:list', 'completion', 'help', 'version', 'listen', 'start', 'init', 'feedback', 'plugins', 'update', 'upgrade']);

/** What one such call sends, where, and the call in words. */
export type ServiceCall = { host: string; sent: string[]; summary: string };

/** What `program args` sends to its service; null for another program or command. */
export function serviceCall(program: string, args: readonly string[], sources: CommandSources): ServiceCall | null {
  const name = path.basename(program);
  const host = SERVICE_CLIS[name];
  const command = args.find((a) => !a.startsWith('-')) ?? '';
  if (host !== undefined) return OWN_COMMANDS.has(command) ? null : { host, sent: [args.join(' ')], summary: `${name} to ${host}` };
  const tracker = ISSUE_TRACKERS[name];
  if (tracker !== undefined) {
    if (OWN_COMMANDS.has(command) || command === 'auth') return null;
    const words = wordsOf(args, new Set([...tracker.fileOptions, ...tracker.userOptions]));
    const files = words.options.filter(([option]) => tracker.fileOptions.has(option)).map(([, file]) => (file === '-' ? sources.input() : sources.read(file)));
    const text = words.options.filter(([option]) => !tracker.userOptions.has(option)).flat();
    return { host: tracker.host, sent: [[...text, ...words.flags, ...words.operands].join(' '), ...files], summary: `${name} to ${tracker.host}` };
  }
  if (name === 'firebase' && command === 'auth:import') {
    const file = wordsOf(args, new Set(['--hash-algo', '--hash-key', '--salt-separator', '--rounds', '--mem-cost', '--parallelization', '--block-size', '--dk-len', '--hash-input-order', '-P', '--project'])).operands[1];
    return file === undefined ? null : { host: 'identitytoolkit.googleapis.com', sent: [sources.read(file)], summary: 'firebase auth:import to identitytoolkit.googleapis.com' };
  }
  // `firebase database:set|push|update PATH [FILE]` (its input without one, `--data` inline): to the project's Realtime Database.
  if (name === 'firebase' && /^database:(?:set|push|update)$/.test(command)) {
    const words = wordsOf(args.slice(args.indexOf(command) + 1), new Set(['-d', '--data', '--instance', '-P', '--project', '--token']));
    const file = words.operands[1];
    const sent = [...valuesOf(words, '-d', '--data'), file === undefined ? sources.input() : sources.read(file)];
    return { host: 'firebaseio.com', sent, summary: `firebase ${command} to firebaseio.com` };
  }
  if (name === 'vercel' && command === 'blob' && args[args.indexOf('blob') + 1] === 'put') {
    const file = wordsOf(args.slice(args.indexOf('blob') + 2), new Set(['--pathname', '-p', '--content-type', '-t', '--cache-control-max-age', '--rw-token', '--multipart'])).operands[0];
    return file === undefined ? null : { host: 'blob.vercel-storage.com', sent: [sources.read(file)], summary: 'vercel blob put to blob.vercel-storage.com' };
  }
  if ((name === 'netlify' || name === 'ntl') && command === 'blobs:set') {
    const words = wordsOf(args.slice(args.indexOf('blobs:set') + 1), new Set(['-i', '--input', '--filter']));
    const input = lastValue(words, '-i', '--input');
    return { host: 'api.netlify.com', sent: [...words.operands.slice(2), input === undefined ? '' : sources.read(input)], summary: 'netlify blobs:set to api.netlify.com' };
  }
  return platformUpload(name, args, sources);
}

/** Their options that take the next word as a value. */
const UPLOAD_VALUE_OPTIONS: Record<string, ReadonlySet<string>> = {
  hf: new Set(['--repo-type', '--revision', '--include', '--exclude', '--delete', '--commit-message', '--commit-description', '--token', '--every', '--num-workers']),
  kaggle: new Set(['-p', '--path', '-f', '--file', '-m', '--message', '-c', '--competition', '-r', '--dir-mode', '--timeout', '--accelerator']),
  wandb: new Set(['-n', '--name', '-d', '--description', '-t', '--type', '-a', '--alias', '--id', '--resume']),
  mlflow: new Set(['-l', '--local-file', '--local-dir', '-r', '--run-id', '-a', '--artifact-path']),
};

/** What a machine-learning platform's upload sends (the files and folders, whole), and where; null for its other commands. */
function platformUpload(name: string, args: readonly string[], sources: CommandSources): ServiceCall | null {
  const program = name === 'huggingface-cli' ? 'hf' : name;
  const options = UPLOAD_VALUE_OPTIONS[program];
  if (options === undefined) return null;
  const words = wordsOf(args, options);
  const [command, ...operands] = words.operands;
  const env = sources.env();
  const upload = (host: string, files: readonly string[]) => ({ host, sent: files.map((file) => sources.read(file)), summary: `${name} ${command} ${operands[0] ?? ''} to ${host}` });
  // `hf upload REPO [LOCAL [PATH_IN_REPO]]`: without LOCAL, the folder or file named as the repository is.
  if (program === 'hf' && (command === 'upload' || command === 'upload-large-folder') && operands[0] !== undefined) {
    return upload(hostOf(env.HF_ENDPOINT ?? '') ?? 'huggingface.co', [operands[1] ?? operands[0].slice(operands[0].lastIndexOf('/') + 1)]);
  }
  if (program === 'kaggle') {
    const [verb] = operands;
    const folder = lastValue(words, '-p', '--path') ?? '.';
    if ((command === 'datasets' || command === 'd') && (verb === 'create' || verb === 'version')) return upload('kaggle.com', [folder]);
    if ((command === 'kernels' || command === 'k') && verb === 'push') return upload('kaggle.com', [folder]);
    const file = lastValue(words, '-f', '--file');
    if ((command === 'competitions' || command === 'c') && verb === 'submit' && file !== undefined) return upload('kaggle.com', [file]);
    return null;
  }
  if (program === 'wandb') return command === 'artifact' && operands[0] === 'put' && operands[1] !== undefined ? upload(hostOf(env.WANDB_BASE_URL ?? '') ?? 'api.wandb.ai', [operands[1]]) : null;
  // mlflow's artifacts go to its tracking server's store: a folder here (./mlruns) unless MLFLOW_TRACKING_URI names a server.
  const host = hostOf(env.MLFLOW_TRACKING_URI ?? '') ?? (env.MLFLOW_TRACKING_URI === 'databricks' ? 'databricks:workspace' : null);
  if (command !== 'artifacts' || host === null) return null;
  if (operands[0] === 'log-artifact') return upload(host, [lastValue(words, '-l', '--local-file') ?? '']);
  if (operands[0] === 'log-artifacts') return upload(host, [lastValue(words, '--local-dir') ?? '']);
  return null;
}
