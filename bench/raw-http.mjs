/** The floor under Next.js: a bare node:http server answering like GET /healthz. Prints its port. */
import http from 'node:http';

const body = JSON.stringify({ status: 'ok' });
const server = http.createServer((req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
