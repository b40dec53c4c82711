import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { log } from '../log';

/**
 * LISTEN on a PostgreSQL channel, shared by every cross-process signal (the outbox wake-up,
 * the API key cache invalidation). On PostgreSQL each subscription holds its own connection,
 * reconnecting a second after it is lost. On PGlite (one process) it listens on the embedded
 * database itself, so triggers that NOTIFY reach this process too.
 */
export interface Listener {
  /** NOTIFY payload (may be empty). */
  onNotify(payload: string): void;
  /** The LISTEN is in effect (true) or lost (false). Notifications may have been missed while down. */
  onState?(up: boolean): void;
}

/** Subscribes through its own pg connection; returns the unsubscription. */
export function listenPg(connectionString: string, channel: string, l: Listener): () => Promise<void> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  const connect = async () => {
    if (stopped) return;
    const c = new pg.Client({ connectionString });
    client = c;
    let failed = false;
    c.on('notification', (n) => l.onNotify(n.payload ?? ''));
    c.on('error', (e) => {
      if (failed) return;
      failed = true;
      l.onState?.(false);
      log.warn({ err: String(e), channel }, 'LISTEN connection lost; reconnecting');
      void c.end().catch(() => {});
      if (!stopped) retry = setTimeout(connect, 1000);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      if (stopped) await c.end();
      else l.onState?.(true);
    } catch (e) {
      c.emit('error', e);
    }
  };
  void connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    l.onState?.(false);
    await client?.end().catch(() => {});
  };
}

/** Subscribes on the embedded database (notifications arrive with the results of any query). */
export function listenPglite(lite: PGlite, channel: string, l: Listener): () => Promise<void> {
  let unlisten: (() => Promise<void>) | null = null;
  let stopped = false;
  lite
    .listen(channel, (payload) => l.onNotify(payload))
    .then(
      (u) => {
        unlisten = u;
        if (stopped) void u();
        else l.onState?.(true);
      },
      (e) => log.warn({ err: String(e), channel }, 'PGlite LISTEN failed'),
    );
  return async () => {
    stopped = true;
    l.onState?.(false);
    await unlisten?.();
  };
}
