/**
 * `npm run worker` processes beside a test server, for the *-workers suites: they share the
 * server's database, so they run on PostgreSQL only (a PGlite folder belongs to one process).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { TestServer } from './server';

/** The `skip` option of a workers suite: false on PostgreSQL, the reason on PGlite. */
export const POSTGRES_ONLY = process.env.DATABASE_URL
  ? false
  : 'PostgreSQL only (set DATABASE_URL): a PGlite folder can be opened by one process, so there are no separate workers';

export type Worker = ChildProcess & { log: () => string };

export interface WorkerPool {
  /** Starts a worker and resolves once it logs ` ready` (its jobs are running). */
  start(name: string): Promise<Worker>;
  /** `kill -9` every worker still running, and wait for them to be gone. */
  killAll(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The exit code, or null for a process ended by a signal (resolves at once if it has ended). */
export function exited(p: ChildProcess): Promise<number | null> {
  return new Promise((resolve) =>
    p.exitCode !== null || p.signalCode !== null ? resolve(p.exitCode) : p.once('exit', (code) => resolve(code)),
  );
}

/** Workers with the server's environment plus `extraEnv` (poll intervals, leases, which jobs). */
export function workerPool(srv: TestServer, extraEnv: Record<string, string>): WorkerPool {
  const children: Worker[] = [];
  return {
    async start(name) {
      // `tsx scripts/worker.ts` as ONE process (node --import tsx): the tsx CLI would run the
      // script in a child of its own, and a SIGKILL to the CLI would leave that child working.
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.ts'], {
        cwd: ROOT,
        env: { ...process.env, ...srv.env, ...extraEnv },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      const worker = Object.assign(child, { log: () => out });
      children.push(worker);
      child.stdout!.on('data', (d) => (out += d));
      child.stderr!.on('data', (d) => (out += d));
      const deadline = Date.now() + 60_000;
      while (!out.includes(' ready')) {
        if (child.exitCode !== null || child.signalCode !== null) throw new Error(`worker ${name} exited:\n${out}`);
        if (Date.now() > deadline) throw new Error(`worker ${name} did not start:\n${out}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return worker;
    },
    async killAll() {
      const running = children.filter((ch) => ch.exitCode === null && ch.signalCode === null);
      for (const ch of running) ch.kill('SIGKILL');
      await Promise.all(running.map(exited));
    },
  };
}
