/**
 * The denominator of `npm run bench`: a separate minimal Next.js 16 app (bench/bare: one route
 * handler, GET /healthz, answering like ours, and GET /metrics for its event-loop delay), built
 * and started with the project's own `next` from the root node_modules, in its own .next.
 * Measuring against our own /healthz instead would hide what our proxy matcher, instrumentation
 * and app size cost every request; that route is one more row.
 */
import { spawn, execFileSync } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../tests/helpers/free-port';

const DIR = path.join(import.meta.dirname, 'bare');
const NEXT = path.join(import.meta.dirname, '../node_modules/next/dist/bin/next');

export interface BareApp {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Builds bench/bare (a few seconds; always, so it never runs a stale build) and starts it;
 * `extraEnv` goes to the server only (bench:cpu's profiler hook).
 */
export async function startBareApp(extraEnv: Record<string, string> = {}): Promise<BareApp> {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' };
  // Our database settings must not leak into it (it has no database); nothing else differs.
  delete env.DATABASE_URL;
  execFileSync(process.execPath, [NEXT, 'build'], { cwd: DIR, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const port = await freePort();
  const child = spawn(process.execPath, [NEXT, 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: DIR,
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`bench/bare exited with ${child.exitCode}`);
    const r = await fetch(`${url}/healthz`).catch(() => null);
    if (r?.status === 200) break;
    if (Date.now() > deadline) throw new Error('bench/bare did not start within 30 s');
    await new Promise((res) => setTimeout(res, 100));
  }
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
