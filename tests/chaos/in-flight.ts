/**
 * Background jobs in flight at the crash (crash.test.ts). A packet export and a monitoring scan
 * are started just before the write load, and both are still running when the kill lands. After
 * the restart, each must finish exactly once.
 *
 * Each job ends in one transaction, and this module holds a row that transaction writes (as a
 * long write on the same object would) from before the job starts until the server is dead. So
 * however fast the load runs, and however the render shares the server's event loop, neither job
 * can commit before the kill:
 * - Export: a packet of 1,000 wallets takes a second or more to render. The completion marks
 *   `ready` and then sets the packet's latest export, which waits for the held packet row. At
 *   the kill, the server's export runner has claimed the export and is rendering it or waiting
 *   there. The restarted server claims it again when the dead claim's lease (MD_EXPORT_LEASE_MS)
 *   runs out.
 * - Scan: a watched wallet pays an exchange. The scanner claims the cursor, inserts the two
 *   alerts and then waits for the held row of the matter's audit chain, inside its transaction.
 *   The kill lands there, so nothing of the scan commits, and the restarted server scans the
 *   transfer again.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Client } from '../helpers/client';
import type { Kit } from '../helpers/fixtures';
import type { TestServer } from '../helpers/server';
import { BINANCE_9, transfer } from '../helpers/fixtures-chain';
import { largePacket } from '../helpers/fixtures-packets';
import { assertOncePerTransfer, fixtureWatchlist, waitForAlertCount } from '../helpers/fixtures-monitoring';
import { downloadExport, exportCompletions, waitForExport } from '../helpers/exports';
import { sleep } from './lib';

/** What the database shows of the two jobs at one moment. */
export interface JobsState {
  /** `committing`: rendered, its completion waiting for the packet row; `rendering`: claimed before that. */
  export: { status: string; claimed: boolean; committing: boolean; attempts: number };
  /** `waiting`: inside its transaction, waiting for the chain; `behind`: its cursor is before the transfer. */
  scan: { waiting: boolean; behind: boolean; alerts: number };
  /** How many of the two have not finished: the export is pending, the scan committed nothing. */
  unfinished: number;
}

/** How the two jobs ended after the restart. */
export interface JobsOutcome {
  figures: Record<string, number | string>;
  finishedOnce: number;
  duplicates: number;
  /** What does not hold, in words (empty when both finished exactly once). */
  problems: string[];
}

/** A state as one token per job for a report line: `pending/committing/attempt1`, `waiting/behind/alerts0`. */
export const describeState = (s: JobsState) => ({
  export: `${s.export.status}/${s.export.committing ? 'committing' : s.export.claimed ? 'rendering' : 'unclaimed'}/attempt${s.export.attempts}`,
  scan: `${s.scan.waiting ? 'waiting' : 'idle'}/${s.scan.behind ? 'behind' : 'caught_up'}/alerts${s.scan.alerts}`,
});

/** A transaction of its own holding one row (`SELECT … FOR UPDATE` of one row), until `release()`. */
async function holdRow(url: string, lock: string, param: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const pid: number = (await c.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
  await c.query('BEGIN');
  const held = await c.query(lock, [param]);
  if (held.rowCount !== 1) throw new Error(`${lock} (${param}) held ${held.rowCount} rows`);
  return {
    pid,
    query: c.query.bind(c),
    async release() {
      await c.query('ROLLBACK').catch(() => {});
      await c.end().catch(() => {});
    },
  };
}

/**
 * Sets up the objects of both jobs (a large packet; a watchlist on a matter of its own), so
 * that `start()` only has to make the two requests that start them.
 */
export async function prepareInFlightJobs(srv: TestServer, c: Client, kit: Kit) {
  const packet = await largePacket(kit);
  const watch = await fixtureWatchlist(kit);
  let exportId = '';
  let seq = '';
  let hash = '';
  let exportHold: Awaited<ReturnType<typeof holdRow>> | null = null;
  let scanHold: Awaited<ReturnType<typeof holdRow>> | null = null;

  /** Needs the holds (read it before `release()`). */
  async function state(): Promise<JobsState> {
    const [r] = (
      await scanHold!.query(
        `SELECT e.status, e.locked_by IS NOT NULL AS claimed, e.attempts,
          (SELECT count(*)::int FROM pg_stat_activity WHERE $6::int = ANY(pg_blocking_pids(pid))) AS committing,
          (SELECT position < $3::bigint FROM watch_cursors WHERE watchlist_id = $2) AS behind,
          (SELECT count(*)::int FROM alerts WHERE matter_id = $4) AS alerts,
          (SELECT count(*)::int FROM pg_stat_activity WHERE $5::int = ANY(pg_blocking_pids(pid))) AS waiting
         FROM exports e WHERE e.id = $1`,
        [exportId, watch.watchlist_id, seq, watch.matter_id, scanHold!.pid, exportHold!.pid],
      )
    ).rows;
    const s = {
      export: { status: r.status, claimed: r.claimed, committing: r.committing > 0, attempts: r.attempts },
      scan: { waiting: r.waiting > 0, behind: r.behind === true, alerts: r.alerts },
    };
    return { ...s, unfinished: Number(s.export.status === 'pending') + Number(s.scan.alerts === 0 && s.scan.behind) };
  }

  return {
    /** The jobs' matters: the jobs' writes on them are checked by `finish()`, not per request. */
    matters: new Set([packet.matterId, watch.matter_id]),

    /**
     * Holds both rows and starts both jobs; returns once each is running: the export claimed by
     * the server's runner, the scanner waiting for the chain inside its transaction. (Neither
     * request writes the row held for its job: the export request only reads the packet, and
     * the transfer is on the organization's chain.)
     */
    async start(ms = 20_000): Promise<JobsState> {
      const url = srv.env.DATABASE_URL;
      exportHold = await holdRow(url, 'SELECT 1 FROM packets WHERE id = $1 FOR UPDATE', packet.packetId);
      scanHold = await holdRow(url, 'SELECT 1 FROM audit_chains WHERE chain_key = $1 FOR UPDATE', watch.matter_id);
      const [e, t] = await Promise.all([
        c.post(`/v1/packets/${packet.packetId}/export`, { format: 'pdf' }),
        transfer(kit, watch.address, BINANCE_9, 'USDT', '2500'),
      ]);
      if (e.status !== 200) throw new Error(`export answered ${e.status}: ${JSON.stringify(e.body)}`);
      exportId = e.body.export_id;
      seq = String(t.block_number);
      hash = t.transaction_hash;
      for (const until = Date.now() + ms; ;) {
        const s = await state();
        if (s.export.claimed && s.scan.waiting) return s;
        if (Date.now() > until) throw new Error(`the jobs did not start within ${ms} ms: ${JSON.stringify(s)}`);
        await sleep(10);
      }
    },

    /** The jobs' state now (after the kill and before `release()`: the state the kill left). */
    state,

    /** Lets go of both rows (the killed server's transactions then end, uncommitted). */
    async release() {
      const h = [exportHold, scanHold];
      exportHold = scanHold = null;
      await Promise.all(h.map((x) => x?.release()));
    },

    /**
     * Waits for both jobs to finish after the restart and counts what finishing wrote: one
     * export row `ready` with one completion (audit event and `packet.exported`) and a PDF;
     * one cursor past the transfer with its two alerts, each with one `alert.created`.
     */
    async finish(): Promise<JobsOutcome> {
      const started = Date.now();
      const [ready, alerts] = await Promise.all([
        waitForExport(c, exportId, 90_000),
        waitForAlertCount(c, watch.matter_id, 2, 90_000),
      ]);
      const file = ready.status === 'ready' ? await downloadExport(ready) : null;
      const done = await exportCompletions(srv, exportId);
      const [db] = await srv.sql<{
        rows: number;
        attempts: number;
        cursors: number;
        caught_up: boolean;
        audits: number;
      }>(
        `SELECT (SELECT count(*)::int FROM exports WHERE object_id = $1) AS rows,
          (SELECT attempts FROM exports WHERE id = $2) AS attempts,
          (SELECT count(*)::int FROM watch_cursors WHERE watchlist_id = $3) AS cursors,
          (SELECT bool_and(position >= $4::bigint) FROM watch_cursors WHERE watchlist_id = $3) AS caught_up,
          (SELECT count(*)::int FROM audit_events WHERE matter_id = $5 AND event_type = 'alert.created') AS audits`,
        [packet.packetId, exportId, watch.watchlist_id, seq, watch.matter_id],
      );
      const ev = await c.get(`/v1/events?matter_id=${watch.matter_id}&type=alert.created&limit=100`);
      const alertEvents: number = ev.status === 200 ? ev.body.data.length : -1;

      const problems: string[] = [];
      const check = (ok: boolean, what: string) => {
        if (!ok) problems.push(what);
        return ok;
      };
      const pdf =
        !!file &&
        file.subarray(0, 5).toString('latin1') === '%PDF-' &&
        createHash('sha256').update(file).digest('hex') === ready.sha256;
      const exportOnce = [
        check(ready.status === 'ready', `export ${exportId} ended ${ready.status}: ${ready.failure_reason}`),
        check(db.rows === 1, `${db.rows} export rows for the packet`),
        check(done.audits === 1, `${done.audits} packet.exported audit events`),
        check(done.events === 1, `${done.events} packet.exported outbox events`),
        check(pdf, 'the downloaded export is not a PDF with the sha256 the export states'),
        check(db.attempts >= 2, `claimed ${db.attempts} time(s): not again after the kill`),
      ].every(Boolean);
      let distinct = true;
      try {
        assertOncePerTransfer(alerts, [hash]);
      } catch (e) {
        distinct = false;
        problems.push(`alerts of the scanned transfer: ${(e as Error).message}`);
      }
      const scanOnce = [
        distinct,
        check(alerts.length === 2, `${alerts.length} alerts for one transfer (2 expected)`),
        check(alertEvents === 2, `${alertEvents} alert.created events in GET /v1/events (2 expected)`),
        check(db.audits === 2, `${db.audits} alert.created audit events (2 expected)`),
        check(db.cursors === 1 && db.caught_up === true, `cursor: ${db.cursors} row(s), caught up: ${db.caught_up}`),
      ].every(Boolean);
      const extra = (n: number, once: number) => Math.max(0, n - once);
      const duplicates =
        extra(db.rows, 1) +
        extra(done.audits, 1) +
        extra(done.events, 1) +
        extra(alerts.length, 2) +
        extra(alertEvents, 2) +
        extra(db.audits, 2);
      return {
        finishedOnce: Number(exportOnce) + Number(scanOnce),
        duplicates,
        problems,
        figures: {
          export: ready.status,
          export_attempts: db.attempts,
          export_completions: done.audits,
          export_events: done.events,
          export_pdf_bytes: file?.length ?? 0,
          scan_alerts: alerts.length,
          scan_alert_events: alertEvents,
          finish_wait_ms: Date.now() - started,
        },
      };
    },
  };
}

export type InFlightJobs = Awaited<ReturnType<typeof prepareInFlightJobs>>;
