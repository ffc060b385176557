// Web, WebSocket and gRPC clients other than curl, wget and HTTPie, from their words: where each
// connects, the files it sends as a body, the text it sends (a body, a header) and whether it sends
// what comes in on its input. classify.ts reads the files and the input and judges what is sent.
import { optionAndValue } from './bash.ts';

type WebClient = {
  /** The word after its name that makes it a web client (`buf curl`, `vegeta attack`); its other commands are not one. */
  subcommand?: string;
  /** Options whose value is a file sent as the body (`ab -p body.json`, `w3m -post form.txt`). */
  bodyFiles?: readonly string[];
  /** Options whose value is sent as it is: a body or a header (`hey -d '...'`, `-H 'X-Email: ...'`). */
  texts?: readonly string[];
  /** Options whose value is sent as it is, or with `@` names a file it sends, or alone (`@`, `@-`) its input (`buf curl -d @body.json`, `grpcurl -d @`). */
  textsOrFiles?: readonly string[];
  /** Options whose value is a script it runs to make its requests (`wrk -s post.lua`): sent as the body it sets, with the files it opens. */
  scripts?: readonly string[];
  /** Options whose value is a file of requests, one a line (`siege -f urls.txt`, `vegeta attack -targets=t.txt`, `h2load -i uris.txt`). */
  requestLists?: readonly string[];
  /** Whether it reads its requests from its input when no option names a list (`echo 'POST https://...' | vegeta attack`). */
  requestsOnInput?: true;
  /** Whether a URL operand may be a whole request, its method and body after the URL (siege's `'https://... POST < c.csv'`). */
  requestsInUrls?: true;
  /** Options whose value is where it connects (`wscat -c wss://...`). */
  targets?: readonly string[];
  /** Its other options that take the next word as a value. */
  values?: readonly string[];
  /** Whether it sends its input: always (a WebSocket client), or when one of these options is given (`lynx -post_data`). */
  sendsInput?: true | readonly string[];
  /** A gRPC client's option for a plaintext connection (`grpcurl -plaintext`, `ghz --insecure`): without it, it connects over TLS. */
  plaintext?: string;
  /** Where it connects when no option says: its URL operands, or its first operand, `host:port` (grpcurl). */
  connectsTo: 'urls' | 'first';
};

const HEADERS = ['-H', '--header'];

const WEB_CLIENTS: Record<string, WebClient> = {
  ab: { bodyFiles: ['-p', '-u'], texts: ['-H', '-C', '-A', '-P'], values: ['-n', '-c', '-t', '-s', '-b', '-B', '-T', '-v', '-X', '-e', '-g', '-E', '-m', '-Z', '-f'], connectsTo: 'urls' },
  hey: { bodyFiles: ['-D'], texts: ['-d', '-H', '-a', '-A'], values: ['-n', '-c', '-q', '-z', '-o', '-m', '-t', '-T', '-x', '-cpus'], connectsTo: 'urls' },
  oha: {
    bodyFiles: ['-D'],
    texts: ['-d', ...HEADERS, '-a', '--basic-auth', '-A', '--proxy-header'],
    values: ['-n', '-c', '-z', '-q', '-o', '-m', '--method', '-t', '--timeout', '-T', '--content-type', '-x', '--proxy', '-u', '--time-unit', '--http-version', '--host', '--connect-to', '--unix-socket', '--burst-delay', '--burst-rate', '--max-repeat', '--dump-urls', '--fps', '--db-url', '--cacert', '--cert', '--key'],
    connectsTo: 'urls',
  },
  bombardier: {
    bodyFiles: ['-f', '--body-file'],
    texts: ['-b', '--body', ...HEADERS],
    values: ['-c', '--connections', '-n', '--requests', '-d', '--duration', '-t', '--timeout', '-m', '--method', '-r', '--rate', '-p', '--print', '-o', '--format', '--cert', '--key'],
    connectsTo: 'urls',
  },
  // h2load's -d is a file; -B gives the scheme, host and port of the paths its -i list names.
  h2load: {
    bodyFiles: ['-d', '--data'],
    texts: HEADERS,
    requestLists: ['-i', '--input-file'],
    targets: ['-B', '--base-uri'],
    values: [
      ...['-n', '--requests', '-c', '--clients', '-t', '--threads', '-m', '--max-concurrent-streams', '-f', '--max-frame-size', '-w', '--window-bits', '-W', '--connection-window-bits'],
      ...['--ciphers', '--tls13-ciphers', '-p', '--no-tls-proto', '-r', '--rate', '--rate-period', '-D', '--duration', '--warm-up-time', '-T', '--connection-active-timeout', '-N', '--connection-inactivity-timeout'],
      ...['--timing-script-file', '--alpn-list', '--npn-list', '--header-table-size', '--encoder-header-table-size', '--log-file', '--qlog-file-base', '--connect-to', '--groups', '--max-udp-payload-size', '--sni'],
    ],
    connectsTo: 'urls',
  },
  siege: {
    texts: [...HEADERS, '-A', '--user-agent'],
    requestLists: ['-f', '--file'],
    requestsInUrls: true,
    values: ['-c', '--concurrent', '-r', '--reps', '-t', '--time', '-d', '--delay', '-R', '--rc', '-T', '--content-type', '-m', '--mark'],
    connectsTo: 'urls',
  },
  vegeta: {
    subcommand: 'attack',
    bodyFiles: ['-body'],
    texts: ['-header'],
    requestLists: ['-targets'],
    requestsOnInput: true,
    values: ['-duration', '-rate', '-workers', '-max-workers', '-connections', '-max-connections', '-timeout', '-name', '-output', '-format', '-cert', '-key', '-root-certs', '-redirects', '-max-body', '-laddr', '-resolvers', '-unix-socket', '-dns-ttl', '-proxy-header', '-connect-to'],
    connectsTo: 'urls',
  },
  w3m: { bodyFiles: ['-post'], texts: ['-header'], values: ['-o', '-config', '-cols', '-ppc', '-ppl', '-T', '-I', '-O', '-N', '-bookmark'], connectsTo: 'urls' },
  lynx: { sendsInput: ['-post_data'], connectsTo: 'urls' },
  websocat: { texts: HEADERS, values: ['--protocol', '--origin', '-B', '--buffer-size', '--ping-interval', '--ping-timeout'], sendsInput: true, connectsTo: 'urls' },
  wscat: { texts: [...HEADERS, '-x', '--execute', '--auth'], targets: ['-c', '--connect'], values: ['-p', '--protocol', '-o', '--origin', '-s', '--subprotocol', '-w', '--wait'], sendsInput: true, connectsTo: 'urls' },
  grpcurl: {
    texts: ['-H', '-rpc-header', '-reflect-header'],
    textsOrFiles: ['-d'],
    values: ['-import-path', '-proto', '-protoset', '-cert', '-key', '-cacert', '-authority', '-servername', '-connect-timeout', '-keepalive-time', '-max-msg-sz', '-max-time', '-format', '-user-agent'],
    plaintext: '-plaintext',
    connectsTo: 'first',
  },
  // ghz's -b sends its input as the message; -B (--binary-file) sends a file.
  ghz: {
    bodyFiles: ['-D', '--data-file', '-B', '--binary-file', '-M', '--metadata-file'],
    texts: ['-m', '--metadata', '--reflect-metadata'],
    textsOrFiles: ['-d', '--data'],
    sendsInput: ['-b', '--binary'],
    values: [
      ...['--config', '--proto', '--protoset', '--call', '-i', '--import-paths', '--cacert', '--cert', '--key', '--cname', '--authority', '-c', '--concurrency', '-n', '--total', '-q', '--qps', '-r', '--rps'],
      ...['-t', '--timeout', '-z', '--duration', '-x', '--max-duration', '--si', '--stream-interval', '-o', '--output', '-O', '--format', '-T', '--connect-timeout', '-L', '--keepalive', '--name', '--tags', '--cpus'],
      ...['--connections', '--skipFirst', '--max-recv-message-size', '--max-send-message-size', '--lb-strategy', '--load-schedule', '--load-start', '--load-end', '--load-step', '--load-step-duration', '--load-max-duration'],
      ...['--concurrency-schedule', '--concurrency-start', '--concurrency-end', '--concurrency-step', '--concurrency-step-duration', '--concurrency-max-duration', '--stream-call-duration', '--stream-call-count'],
    ],
    plaintext: '--insecure',
    connectsTo: 'first',
  },
  buf: {
    subcommand: 'curl',
    textsOrFiles: ['-d', '--data', ...HEADERS],
    texts: ['-u', '--user', '-A', '--user-agent', '--reflect-header'],
    values: ['--schema', '--protocol', '--reflect-protocol', '--cacert', '--cert', '--key', '--servername', '--connect-timeout', '--keepalive-time', '--unix-socket', '-o', '--output', '--netrc-file'],
    connectsTo: 'urls',
  },
  wrk: { scripts: ['-s', '--script'], texts: HEADERS, values: ['-c', '--connections', '-d', '--duration', '-t', '--threads', '--timeout', '-R', '--rate'], connectsTo: 'urls' },
};

/** The kinds of option a client lists by name. */
const OPTION_KINDS = ['bodyFiles', 'texts', 'textsOrFiles', 'scripts', 'requestLists', 'targets', 'values'] as const;

/**
 * What a web client's words say it does: where it connects, the files, scripts and text it sends,
 * the lists of requests it reads (`-` for its input), whether it sends its input, and whether it
 * connects over TLS whatever its targets say (a gRPC client).
 */
export type WebClientCall = { targets: string[]; files: string[]; texts: string[]; scripts: string[]; requestLists: string[]; sendsInput: boolean; tls: boolean };

/** A web client's call from its words (`ab -p c.csv https://...`, `websocat wss://...`, `grpcurl -d @ host:443 svc/M`), or null for another program. */
export function webClientCall(program: string, args: readonly string[]): WebClientCall | null {
  const client = Object.hasOwn(WEB_CLIENTS, program) ? WEB_CLIENTS[program]! : null;
  if (client === null) return null;
  // `buf curl ...`: its words follow the subcommand (after any of the program's own options).
  const at = client.subcommand === undefined ? -1 : args.findIndex((a) => !a.startsWith('-'));
  if (client.subcommand !== undefined && args[at] !== client.subcommand) return null;
  const words = args.slice(at + 1);
  const call: WebClientCall = { targets: [], files: [], texts: [], scripts: [], requestLists: [], sendsInput: client.sendsInput === true, tls: client.plaintext !== undefined };
  const operands: string[] = [];
  for (let k = 0; k < words.length; k++) {
    const a = words[k]!;
    const [option, inline] = optionOf(a, client);
    const value = () => inline ?? words[++k] ?? '';
    if (client.bodyFiles?.includes(option)) call.files.push(value());
    else if (client.texts?.includes(option)) call.texts.push(value());
    else if (client.textsOrFiles?.includes(option)) {
      const text = value();
      if (text === '@' || text === '@-') call.sendsInput = true;
      else if (text.startsWith('@')) call.files.push(text.slice(1));
      else call.texts.push(text);
    } else if (client.scripts?.includes(option)) call.scripts.push(value());
    else if (client.requestLists?.includes(option)) call.requestLists.push(value());
    else if (client.targets?.includes(option)) call.targets.push(value());
    else if (client.values?.includes(option)) value();
    else if (client.sendsInput !== true && client.sendsInput?.includes(option)) call.sendsInput = true;
    else if (option === client.plaintext) call.tls = false;
    else if (!a.startsWith('-')) operands.push(a);
  }
  if (client.requestsOnInput && call.requestLists.length === 0) call.requestLists.push('-');
  if (client.connectsTo === 'first') call.targets.push(...operands.slice(0, 1));
  else call.targets.push(...operands.filter((a) => /^[a-z][a-z0-9+.-]*:\/\//i.test(a)));
  if (client.requestsInUrls) for (const target of call.targets) for (const file of listedRequests(target).files) call.files.push(file);
  return call;
}

/** An option and the value joined to it: `--data=x` (bash.ts), and a Go program's one-dash `-targets=t.txt` when the client has that option. */
function optionOf(word: string, client: WebClient): [string, string | undefined] {
  const split = optionAndValue(word);
  const eq = word.indexOf('=');
  if (split[1] !== undefined || !word.startsWith('-') || eq < 0) return split;
  const option = word.slice(0, eq);
  return OPTION_KINDS.some((kind) => client[kind]?.includes(option)) ? [option, word.slice(eq + 1)] : split;
}

/** A request line's URL: its first word, or the word after its method (vegeta's `POST https://...`), or a JSON target's `"url"`. */
const REQUEST_URL = /^(?:[A-Z]+\s+)?([a-z][a-z0-9+.-]*:\/\/\S+)|"url"\s*:\s*"([^"]+)"/i;
/** The body file a request names: siege's `URL POST <file`, or vegeta's `@file` line under its request. */
const REQUEST_BODY_FILE = /^@(\S+)|\s(?:POST|PUT|PATCH)\s*<\s*(\S+)/;
/** How many body files a list's requests are looked for (each is a look at the disk). */
const MAX_LISTED_FILES = 64;

/**
 * The requests a list holds, one a line (siege's and h2load's URLs, `URL POST <file`; vegeta's
 * `METHOD URL`, its header lines and an `@file` line): where they go and the body files they send.
 */
export function listedRequests(text: string): { targets: string[]; files: string[] } {
  const targets = new Set<string>();
  const files = new Set<string>();
  for (const line of text.split('\n')) {
    const request = line.trim();
    if (request.startsWith('#')) continue;
    const url = REQUEST_URL.exec(request);
    if (url) targets.add((url[1] ?? url[2])!);
    const file = REQUEST_BODY_FILE.exec(request);
    if (file && files.size < MAX_LISTED_FILES) files.add((file[1] ?? file[2])!);
  }
  return { targets: [...targets], files: [...files] };
}
