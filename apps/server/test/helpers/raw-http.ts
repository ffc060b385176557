// Raw HTTP over a real socket, for what an HTTP client library would not send: a malformed request,
// a missing Host header, a WebSocket handshake by hand.
import net from 'node:net';

export type RawAnswer = { status: number; headers: Record<string, string>; body: string; closed: boolean };

/** Sends `text` as it is and reads the answer until the server closes the connection, a stream opens (101), or 3 s pass. */
export function rawExchange(port: number, text: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let received = '';
    let closed = false;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const [head = '', ...rest] = received.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n'), closed });
    };
    const timer = setTimeout(finish, 3_000);
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      // A stream that opened stays open: its head is the whole answer.
      if (received.startsWith('HTTP/1.1 101') && received.includes('\r\n\r\n')) finish();
    });
    socket.on('end', () => {
      closed = true;
      finish();
    });
    socket.on('error', reject);
  });
}

/** A request line, a Host header unless `headers` says otherwise, `headers`, and `body`. */
export function rawRequest(method: string, path: string, headers: string[] = [], body = ''): string {
  const all = headers.some((h) => /^host:/i.test(h)) ? headers : ['Host: localhost', ...headers];
  return `${method} ${path} HTTP/1.1\r\n${all.map((h) => `${h}\r\n`).join('')}\r\n${body}`;
}
