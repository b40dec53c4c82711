/**
 * The floor under Next.js: a bare node:http server answering like GET /healthz. Prints its port.
 * GET /metrics gives its event-loop delay in the service's format (run with `--import tsx`).
 */
import http from 'node:http';
import { eventLoopMonitor, eventLoopText } from '../src/server/http/event-loop.ts';

eventLoopMonitor();
const body = JSON.stringify({ status: 'ok' });
const server = http.createServer((req, res) => {
  if (req.url === '/metrics') return res.end(eventLoopText() + '\n');
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
