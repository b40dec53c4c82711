/**
 * A webhook receiver on 127.0.0.1 for tests and benchmarks: records every request (raw body,
 * headers, time of receipt) and answers with what `respond` decides (default 200).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: any;
  at: number;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Decides the status of each request (may wait); default 200. */
  respond: (r: Received, index: number) => number | Promise<number>;
  /** Resolves once `predicate` holds for the received list (polls). */
  waitFor(predicate: (all: Received[]) => boolean, timeoutMs?: number, what?: string): Promise<Received[]>;
  onReceive?: (r: Received) => void;
  close(): Promise<void>;
}

export async function startReceiver(path = '/hook'): Promise<Receiver> {
  const rec: Receiver = {
    url: '',
    received: [],
    respond: () => 200,
    async waitFor(predicate, timeoutMs = 15_000, what = 'deliveries') {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(rec.received)) {
        if (Date.now() > deadline)
          throw new Error(
            `timed out waiting for ${what}; received ${rec.received.length}: ${rec.received.map((r) => r.json?.type).join(', ')}`,
          );
        await new Promise((r) => setTimeout(r, 25));
      }
      return rec.received;
    },
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown = null;
      try {
        json = JSON.parse(body);
      } catch {
        /* keep raw */
      }
      const r: Received = { path: req.url ?? '', headers: req.headers, body, json, at: Date.now() };
      const index = rec.received.push(r) - 1;
      rec.onReceive?.(r);
      try {
        const status = await rec.respond(r, index);
        res.writeHead(status, { 'Content-Type': 'text/plain' }).end('ok');
      } catch {
        res.destroy();
      }
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  rec.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  rec.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return rec;
}
