// Web, WebSocket and gRPC clients other than curl, wget and HTTPie, from their words: where each
// connects, the files it sends as a body, the text it sends (a body, a header) and whether it sends
// what comes in on its input. classify.ts reads the files and the input and judges what is sent.
import { optionAndValue } from './bash.ts';

type WebClient = {
  /** Options whose value is a file sent as the body (`ab -p body.json`, `w3m -post form.txt`). */
  bodyFiles?: readonly string[];
  /** Options whose value is sent as it is: a body or a header (`hey -d '...'`, `-H 'X-Email: ...'`). */
  texts?: readonly string[];
  /** Options whose value is where it connects (`wscat -c wss://...`). */
  targets?: readonly string[];
  /** Its other options that take the next word as a value. */
  values?: readonly string[];
  /** Whether it sends its input: always (a WebSocket client), or when this option is given (`lynx -post_data`). */
  sendsInput?: true | string;
  /** Where it connects when no option says: its URL operands, or its first operand, `host:port` (grpcurl). */
  connectsTo: 'urls' | 'first';
};

const HEADERS = ['-H', '--header'];

const WEB_CLIENTS: Record<string, WebClient> = {
  ab: { bodyFiles: ['-p', '-u'], texts: ['-H', '-C', '-A', '-P'], values: ['-n', '-c', '-t', '-s', '-b', '-B', '-T', '-v', '-X', '-e', '-g', '-E', '-m', '-Z', '-f'], connectsTo: 'urls' },
  hey: { bodyFiles: ['-D'], texts: ['-d', '-H', '-a', '-A'], values: ['-n', '-c', '-q', '-z', '-o', '-m', '-t', '-T', '-x', '-cpus'], connectsTo: 'urls' },
  w3m: { bodyFiles: ['-post'], texts: ['-header'], values: ['-o', '-config', '-cols', '-ppc', '-ppl', '-T', '-I', '-O', '-N', '-bookmark'], connectsTo: 'urls' },
  lynx: { sendsInput: '-post_data', connectsTo: 'urls' },
  websocat: { texts: HEADERS, values: ['--protocol', '--origin', '-B', '--buffer-size', '--ping-interval', '--ping-timeout'], sendsInput: true, connectsTo: 'urls' },
  wscat: { texts: [...HEADERS, '-x', '--execute', '--auth'], targets: ['-c', '--connect'], values: ['-p', '--protocol', '-o', '--origin', '-s', '--subprotocol', '-w', '--wait'], sendsInput: true, connectsTo: 'urls' },
  grpcurl: {
    texts: ['-d', '-H', '-rpc-header', '-reflect-header'],
    values: ['-import-path', '-proto', '-protoset', '-cert', '-key', '-cacert', '-authority', '-servername', '-connect-timeout', '-keepalive-time', '-max-msg-sz', '-max-time', '-format', '-user-agent'],
    connectsTo: 'first',
  },
  wrk: { bodyFiles: ['-s', '--script'], texts: HEADERS, values: ['-c', '--connections', '-d', '--duration', '-t', '--threads', '--timeout', '-R', '--rate'], connectsTo: 'urls' },
};

/** What a web client's words say it does: where it connects, the files and text it sends, and whether it sends its input. */
export type WebClientCall = { targets: string[]; files: string[]; texts: string[]; sendsInput: boolean };

/** A web client's call from its words (`ab -p c.csv https://...`, `websocat wss://...`, `grpcurl -d @ host:443 svc/M`), or null for another program. */
export function webClientCall(program: string, args: readonly string[]): WebClientCall | null {
  const client = Object.hasOwn(WEB_CLIENTS, program) ? WEB_CLIENTS[program]! : null;
  if (client === null) return null;
  const call: WebClientCall = { targets: [], files: [], texts: [], sendsInput: client.sendsInput === true };
  const operands: string[] = [];
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    const [option, inline] = optionAndValue(a);
    const value = () => inline ?? args[++k] ?? '';
    if (client.bodyFiles?.includes(option)) call.files.push(value());
    else if (client.texts?.includes(option)) {
      const text = value();
      // grpcurl's `-d @` sends its input.
      if (text === '@' && program === 'grpcurl') call.sendsInput = true;
      else call.texts.push(text);
    } else if (client.targets?.includes(option)) call.targets.push(value());
    else if (client.values?.includes(option)) k++;
    else if (option === client.sendsInput) call.sendsInput = true;
    else if (!a.startsWith('-')) operands.push(a);
  }
  if (client.connectsTo === 'first') call.targets.push(...operands.slice(0, 1));
  else call.targets.push(...operands.filter((a) => /^[a-z][a-z0-9+.-]*:\/\//i.test(a)));
  return call;
}
