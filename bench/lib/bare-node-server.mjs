// The platform's ceiling for the over-HTTP figure: Node's own http module reading each JSON body
// and answering a fixed decision, with no framework, no key, no policy and no database. Whatever
// POST /api/v1/decide does costs on top of this. With `--sign`, each answer also carries an Ed25519
// signature of its bytes (node:crypto, as every decision of the API is signed): the ceiling of a
// server that signs its answers and does nothing else. With `--record <file>` as well, each signed
// answer is also written to a SQLite file (the server's library and settings: WAL, synchronous
// NORMAL) with the SHA-256 of its bytes, one row each, the answers of the requests that arrive
// together committed in one transaction and sent only once committed: the least any server can do
// that keeps every decision before answering (the product writes the bundle, the audit log's leaf
// and nodes, the decision's rows and counters). Usage: node bare-node-server.mjs <port> [--sign] [--record <file>]
import crypto from 'node:crypto';
import http from 'node:http';
import Sqlite from '../../apps/server/src/db/sqlite-library.mjs';

const answer = JSON.stringify({ decision: 'ALLOW', exitCode: 0 });
const signing = process.argv.includes('--sign') ? crypto.generateKeyPairSync('ed25519').privateKey : null;
const answerBytes = Buffer.from(answer);

function respond() {
  if (signing === null) return answer;
  return JSON.stringify({ decision: 'ALLOW', exitCode: 0, signature: crypto.sign(null, answerBytes, signing).toString('base64') });
}

const recordTo = process.argv.includes('--record') ? process.argv[process.argv.indexOf('--record') + 1] : null;
const record = recordTo ? recorder(recordTo) : null;

/** Group commit: answers written in one transaction per turn of the event loop, each sent after its commit. */
function recorder(file) {
  const sqlite = new Sqlite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.exec('CREATE TABLE IF NOT EXISTS answers (id INTEGER PRIMARY KEY, body TEXT NOT NULL, leaf BLOB NOT NULL)');
  const insert = sqlite.prepare('INSERT INTO answers (body, leaf) VALUES (?, ?)');
  const commit = sqlite.transaction((batch) => batch.forEach(({ body }) => insert.run(body, crypto.hash('sha256', body, 'buffer'))));
  let waiting = [];
  return (body, send) => {
    if (waiting.length === 0) {
      setImmediate(() => {
        const batch = waiting;
        waiting = [];
        commit(batch);
        batch.forEach((entry) => entry.send(entry.body));
      });
    }
    waiting.push({ body, send });
  };
}

const server = http.createServer((request, response) => {
  if (request.method === 'GET') return response.end('ok');
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    JSON.parse(body);
    const send = (answer) => {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(answer);
    };
    if (record) record(respond(), send);
    else send(respond());
  });
});
server.listen(Number(process.argv[2]), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
