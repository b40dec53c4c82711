/**
 * A private PostgreSQL instance for the scenarios that stop the database. The machine's own
 * cluster is shared with other test runs, so it is never stopped: this one is created with
 * initdb in a temporary folder, listens on a free 127.0.0.1 port, and is stopped, started and
 * removed by the scenario alone. As root, the server binaries run as the `postgres` user
 * (PostgreSQL refuses to run as root).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../helpers/free-port';

export interface PrivatePg {
  url: string;
  port: number;
  start(): void;
  /** Fast shutdown: open connections are terminated, as when a database server goes away. */
  stop(): void;
  destroy(): void;
  log(): string;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root).filter((v) => existsSync(path.join(root, v, 'bin/initdb')))
    : [];
  if (!versions.length) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql/*/bin');
  return path.join(root, versions.sort((a, b) => Number(b) - Number(a))[0], 'bin');
}

export async function startPrivatePg(): Promise<PrivatePg> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args], { stdio: 'pipe' })
      : execFileSync(path.join(bin, cmd), args, { stdio: 'pipe' });
  const dir = mkdtempSync(path.join(tmpdir(), 'md-chaos-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=60 -c shared_buffers=32MB`;
  const pg: PrivatePg = {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: () => void run('pg_ctl', ['-D', data, '-l', logFile, '-o', opts, '-w', '-t', '30', 'start']),
    stop: () => void run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']),
    destroy() {
      try {
        pg.stop();
      } catch {
        /* not running */
      }
      rmSync(dir, { recursive: true, force: true });
    },
    log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
  };
  pg.start();
  return pg;
}
