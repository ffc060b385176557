// Command lines of services whose words are calls to the service's API: `stripe customers create
// --email ...`, `twilio api:core:messages:create --body ...`, `auth0 users create --email ...`,
// `sentry-cli send-event -m ...`, `slack chat send ...` send
// what their words carry to the service (the user's own login and configuration stay here); and
// the stores and imports that send a file or their input: `firebase auth:import users.csv`,
// `vercel blob put file`, `netlify blobs:set STORE KEY [VALUE]` (`--input file`).
import path from 'node:path';
import { lastValue, wordsOf } from './option-words.ts';
import type { CommandSources } from './option-words.ts';

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
  if (name === 'firebase' && command === 'auth:import') {
    const file = wordsOf(args, new Set(['--hash-algo', '--hash-key', '--salt-separator', '--rounds', '--mem-cost', '--parallelization', '--block-size', '--dk-len', '--hash-input-order', '-P', '--project'])).operands[1];
    return file === undefined ? null : { host: 'identitytoolkit.googleapis.com', sent: [sources.read(file)], summary: 'firebase auth:import to identitytoolkit.googleapis.com' };
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
  return null;
}
