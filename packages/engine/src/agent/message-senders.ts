// Command lines that send a message or a file to people through a notification or chat service:
// ntfy (`ntfy publish TOPIC MESSAGE`, `-f file`; to ntfy.sh or the topic URL's host), apprise and
// shoutrrr (to the service each URL names: `tgram://...` Telegram, `slack://...` Slack,
// `mailto://user@domain` the domain, ...), telegram-send, signal-cli, matrix-commander and
// `logger -n host` (syslog to a remote server). What the line gives them (their words, the files
// they attach, their input when they read it) goes there.
import path from 'node:path';
import { hostOf } from './destinations.ts';
import { type CommandSources, lastValue, valuesOf, wordsOf } from './option-words.ts';
import type { ServiceCall } from './service-clis.ts';

/** Each program's options that take the next word as a value, and those of them that name a file it sends. */
const SENDERS: Record<string, { values: ReadonlySet<string>; files: readonly string[] }> = {
  ntfy: { values: new Set(['-t', '--title', '-p', '--priority', '--tags', '--delay', '--at', '--in', '--click', '--icon', '--attach', '--filename', '--email', '-e', '-u', '--user', '--token', '-c', '--config', '--actions', '-f', '--file', '--markdown']), files: ['-f', '--file'] },
  apprise: { values: new Set(['-b', '--body', '-t', '--title', '-n', '--notification-type', '-i', '--input-format', '-a', '--attach', '-c', '--config', '-g', '--tag', '-T', '--theme', '-P', '--plugin-path', '-R', '--recursion-depth', '-S', '--storage-path']), files: ['-a', '--attach'] },
  shoutrrr: { values: new Set(['-u', '--url', '-m', '--message', '-t', '--title']), files: [] },
  'telegram-send': { values: new Set(['-f', '--file', '-i', '--image', '-a', '--animation', '--video', '--audio', '-l', '--location', '--caption', '-c', '--config', '--format', '--timeout']), files: ['-f', '--file', '-i', '--image', '-a', '--animation', '--video', '--audio'] },
  'signal-cli': { values: new Set(['-u', '--username', '-a', '--account', '-m', '--message', '--attachment', '-c', '--config', '--trust-new-identities', '--verbose', '--dbus', '--mention', '--quote-timestamp', '--quote-author', '--quote-message', '-g', '--group-id', '--note-to-self', '--sticker', '--preview-url', '--preview-title', '--preview-description', '--preview-image', '--story-timestamp', '--story-author', '--edit-timestamp']), files: ['--attachment', '-a'] },
  'matrix-commander': { values: new Set(['-m', '--message', '-f', '--file', '-i', '--image', '-a', '--audio', '-r', '--room', '-u', '--user', '-c', '--credentials', '-s', '--store', '--event', '--separator']), files: ['-f', '--file', '-i', '--image', '-a', '--audio'] },
  logger: { values: new Set(['-n', '--server', '-P', '--port', '-f', '--file', '-p', '--priority', '-t', '--tag', '-u', '--socket', '--id', '--msgid', '--sd-id', '--sd-param', '--size', '--socket-errors']), files: ['-f', '--file'] },
};
/** The services a notification URL's scheme names (apprise's and shoutrrr's), where its own host does not say. */
const SCHEME_HOSTS: Record<string, string> = {
  tgram: 'api.telegram.org',
  telegram: 'api.telegram.org',
  slack: 'slack.com',
  discord: 'discord.com',
  msteams: 'outlook.office.com',
  teams: 'outlook.office.com',
  pover: 'api.pushover.net',
  pushover: 'api.pushover.net',
  pbul: 'api.pushbullet.com',
  signal: 'signal.org',
  twilio: 'api.twilio.com',
};
/** Schemes whose URL names the host it goes to (`json://hooks.acme.io/x`, `mailto://user@acme.io`, `gotify://push.acme.io/token`). */
const HOST_SCHEMES = /^(?:https?|json|jsons|xml|xmls|form|forms|mailto|mailtos|smtp|smtps|gotify|gotifys|ntfy|ntfys|matrix|matrixs|mqtt|mqtts|rocket|rockets|mmost|mmosts|mattermost|generic\+https?)$/;

/** Where a notification URL goes: its scheme's service, or the host it names. */
function notificationHost(url: string): string | null {
  const scheme = /^([a-z][\w+.-]*):\/\//i.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined) return null;
  if (SCHEME_HOSTS[scheme] !== undefined) return SCHEME_HOSTS[scheme];
  if (!HOST_SCHEMES.test(scheme)) return `${scheme}:service`;
  const rest = url.slice(url.indexOf('://') + 3);
  // `mailto://user@acme.io`: the domain after the address's @; otherwise the URL's host.
  if (scheme.startsWith('mailto')) return rest.includes('@') ? rest.slice(rest.indexOf('@') + 1).split(/[/?]/)[0]!.toLowerCase() : null;
  return hostOf(`https://${rest}`);
}

/** What `program args` sends as a message, and where; null for another program, and for a command that sends none. */
export function messageSend(program: string, args: readonly string[], sources: CommandSources): ServiceCall | null {
  const name = path.basename(program);
  const sender = SENDERS[name];
  if (sender === undefined) return null;
  const words = wordsOf(args, sender.values);
  const files = valuesOf(words, ...sender.files).filter((file) => hostOf(file) === null);
  const read = files.map((file) => sources.read(file));
  const send = (host: string, texts: readonly string[], input: boolean): ServiceCall => ({ host, sent: [...texts, ...read, input ? sources.input() : ''], summary: `${name} to ${host}` });
  const [first = '', ...rest] = words.operands;
  if (name === 'ntfy') {
    // `ntfy publish|pub|send|trigger TOPIC [MESSAGE]`: the topic a URL (`ntfy.acme.io/alerts`) or a topic on ntfy.sh.
    if (!['publish', 'pub', 'send', 'trigger'].includes(first) || rest[0] === undefined) return null;
    const topic = rest[0];
    const host = topic.includes('/') ? (hostOf(topic.includes('://') ? topic : `https://${topic}`) ?? 'ntfy.sh') : 'ntfy.sh';
    const message = rest.slice(1);
    return send(host, [...message, ...valuesOf(words, '-t', '--title')], message.length === 0 && files.length === 0);
  }
  if (name === 'apprise' || name === 'shoutrrr') {
    if (name === 'shoutrrr' && first !== 'send') return null;
    const urls = name === 'apprise' ? words.operands : valuesOf(words, '-u', '--url');
    let host: string | null = null;
    for (const url of urls) if ((host = notificationHost(url)) !== null) break;
    if (host === null) return null;
    const body = valuesOf(words, '-b', '--body', '-m', '--message');
    return send(host, [...body, ...valuesOf(words, '-t', '--title')], body.length === 0);
  }
  if (name === 'telegram-send') return send('api.telegram.org', [...words.operands, ...valuesOf(words, '--caption')], words.flags.has('--stdin') || words.flags.has('-s'));
  if (name === 'signal-cli') {
    if (first !== 'send') return null;
    const message = valuesOf(words, '-m', '--message');
    return send('signal.org', message, message.length === 0 && words.flags.has('--message-from-stdin'));
  }
  if (name === 'matrix-commander') {
    const message = valuesOf(words, '-m', '--message');
    return message.length === 0 && files.length === 0 ? null : send('matrix:homeserver', message, message.includes('-'));
  }
  // logger -n HOST [-f file | message]: to a remote syslog server; without -n it logs on this machine.
  const server = lastValue(words, '-n', '--server');
  if (server === undefined) return null;
  return send(server.toLowerCase(), words.operands, words.operands.length === 0 && files.length === 0);
}
