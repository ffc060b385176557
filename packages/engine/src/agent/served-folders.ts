// A folder a static web server started on the command line serves, and a tunnel that puts a port
// of this machine on the internet: `python3 -m http.server 8000 & ngrok http 8000` publishes the
// folder through ngrok's servers, `ssh -R 80:localhost:8000 serveo.net` through serveo's; `ngrok
// http file:///srv/site` and `tailscale funnel /srv/site` serve a folder themselves.
// classify.ts notes the servers on the line and reads the folder as what the tunnel sends.
import path from 'node:path';
import { lastValue, wordsOf } from './option-words.ts';

/** The port in a word that names one: `8000`, `:8000`, `localhost:8000`, `http://127.0.0.1:8000/`, `tcp://0.0.0.0:3000`. */
function portOf(word: string): string | undefined {
  return /^(\d{1,5})$/.exec(word)?.[1] ?? /:(\d{1,5})\/?$/.exec(word)?.[1];
}

/** The folder a static web server serves and its port: `python3 -m http.server [port] [-d dir]`, `serve [dir] [-l port]`, `http-server [dir] [-p port]`, `php -S host:port [-t dir]`; null for another command. */
export function servedFolder(argv: readonly string[]): { port: string; folder: string } | null {
  const program = path.basename(argv[0] ?? '');
  if (/^python[\d.]*$/.test(program)) {
    const m = argv.indexOf('-m');
    const module = m > 0 ? argv[m + 1] : undefined;
    if (module !== 'http.server' && module !== 'SimpleHTTPServer') return null;
    const words = wordsOf(argv.slice(m + 2), new Set(['-d', '--directory', '-b', '--bind', '-p', '--protocol']));
    return { port: words.operands[0] ?? '8000', folder: lastValue(words, '-d', '--directory') ?? '.' };
  }
  if (program === 'serve' || program === 'http-server') {
    const words = wordsOf(argv.slice(1), new Set(['-l', '--listen', '-p', '--port', '-a', '--address', '-c', '--config', '-C', '--cors', '-d', '-e', '--ext', '-S', '--ssl', '--ssl-cert', '--ssl-key', '-t', '-o', '-P', '--proxy', '--username', '--password']));
    const port = portOf(lastValue(words, '-l', '--listen', '-p', '--port') ?? '') ?? (program === 'serve' ? '3000' : '8080');
    return { port, folder: words.operands[0] ?? (program === 'http-server' ? './public' : '.') };
  }
  if (program === 'php') {
    const words = wordsOf(argv.slice(1), new Set(['-S', '-t', '-c', '-d']));
    const port = portOf(lastValue(words, '-S') ?? '');
    return port === undefined ? null : { port, folder: lastValue(words, '-t') ?? '.' };
  }
  return null;
}

/** The services whose tunnels put a port on the internet, by program: where what it serves goes. */
const TUNNELS: Record<string, string> = { ngrok: 'ngrok.com', cloudflared: 'trycloudflare.com', lt: 'loca.lt', localtunnel: 'loca.lt', tailscale: 'ts.net' };

/**
 * The port a tunnel puts on the internet, or the folder it serves itself, and the service it goes
 * through: `ngrok http 8000` (`ngrok http file:///srv/site`), `cloudflared tunnel --url
 * http://localhost:8000`, `lt --port 8000`, `tailscale funnel 8000` (`tailscale serve`, to the
 * tailnet; a folder's path); null for another command.
 */
export function tunnelledPort(argv: readonly string[], cwd: string): { port?: string; folder?: string; host: string } | null {
  const program = path.basename(argv[0] ?? '');
  const host = TUNNELS[program];
  if (host === undefined) return null;
  const words = wordsOf(argv.slice(1), new Set(['--url', '--port', '-p', '--subdomain', '-s', '--local-host', '-l', '--hostname', '--authtoken', '--region', '--domain', '--config', '--log', '--https', '--http', '--tcp', '--set-path']));
  const [command, target] = words.operands;
  if (program === 'tailscale') {
    if ((command !== 'funnel' && command !== 'serve') || target === undefined || target === 'status' || target === 'reset' || target === 'off') return null;
    return target.startsWith('/') || target.startsWith('.') ? { folder: path.resolve(cwd, target), host } : portOf(target) === undefined ? null : { port: portOf(target)!, host };
  }
  if (program === 'ngrok' && command === 'http' && /^file:\/\//.test(target ?? '')) return { folder: path.resolve(cwd, target!.replace(/^file:\/\//, '')), host };
  const port = program === 'ngrok' ? (command === 'http' || command === 'tcp' ? portOf(target ?? '') : undefined) : portOf(lastValue(words, '--url', '--port', '-p') ?? '');
  return port === undefined ? null : { port, host };
}

/** The local port an ssh remote forward (`-R [bind:]port:host:hostport`) reaches on this machine, or undefined when it reaches another host, a socket, or is a dynamic forward (`-R 1080`). */
export function forwardedPort(spec: string): string | undefined {
  const parts = spec.split(':');
  if (parts.length < 3) return undefined;
  const host = parts[parts.length - 2]!.replace(/^\[|\]$/g, '').toLowerCase();
  if (!['localhost', '127.0.0.1', '0.0.0.0', '::1', ''].includes(host)) return undefined;
  return portOf(parts[parts.length - 1]!);
}
