/**
 * A second `next start` process on the same database as a running test server (PostgreSQL
 * only: a PGlite folder belongs to one process). For cross-process behaviour: cache
 * invalidation, shared rate limits.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { TestServer } from './server';
import { freePort } from './free-port';

export interface PeerServer {
  url: string;
  stop(): Promise<void>;
}

export async function startPeer(srv: TestServer, extraEnv: Record<string, string> = {}): Promise<PeerServer> {
  if (!srv.env.DATABASE_URL) throw new Error('a peer server needs PostgreSQL (DATABASE_URL)');
  const root = path.resolve(import.meta.dirname, '../..');
  const port = await freePort();
  const env: Record<string, string> = { ...srv.env, PORT: String(port), ...extraEnv };
  const proc = spawn(
    process.execPath,
    [path.join(root, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port), '-H', '127.0.0.1'],
    { cwd: root, env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`peer server exited early:\n${out}`);
    try {
      if ((await fetch(`${url}/healthz`)).status === 200) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`peer server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
        setTimeout(() => proc.kill('SIGKILL'), 5000).unref();
      }),
  };
}
