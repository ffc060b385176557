// The platform's ceiling for the over-HTTP figure: Node's own http module reading each JSON body
// and answering a fixed decision, with no framework, no key, no policy and no database. Whatever
// POST /api/v1/decide does costs on top of this. With `--sign`, each answer also carries an Ed25519
// signature of its bytes (node:crypto, as every decision of the API is signed): the ceiling of a
// server that signs its answers and does nothing else. Usage: node bare-node-server.mjs <port> [--sign]
import crypto from 'node:crypto';
import http from 'node:http';

const answer = JSON.stringify({ decision: 'ALLOW', exitCode: 0 });
const signing = process.argv.includes('--sign') ? crypto.generateKeyPairSync('ed25519').privateKey : null;
const answerBytes = Buffer.from(answer);

function respond() {
  if (signing === null) return answer;
  return JSON.stringify({ decision: 'ALLOW', exitCode: 0, signature: crypto.sign(null, answerBytes, signing).toString('base64') });
}

const server = http.createServer((request, response) => {
  if (request.method === 'GET') return response.end('ok');
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    JSON.parse(body);
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.end(respond());
  });
});
server.listen(Number(process.argv[2]), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
