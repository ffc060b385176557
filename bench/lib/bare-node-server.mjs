// The platform's ceiling for the over-HTTP figure: Node's own http module reading each JSON body
// and answering a fixed decision, with no framework, no key, no policy, no signature and no
// database. Whatever POST /api/v1/decide does costs on top of this. Usage: node bare-node-server.mjs <port>
import http from 'node:http';

const answer = JSON.stringify({ decision: 'ALLOW', exitCode: 0 });
const server = http.createServer((request, response) => {
  if (request.method === 'GET') return response.end('ok');
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    JSON.parse(body);
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.end(answer);
  });
});
server.listen(Number(process.argv[2]), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
