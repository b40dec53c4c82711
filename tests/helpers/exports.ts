/**
 * Export jobs as a test sees them: wait for one to leave `pending`, download its file, and
 * count the records of its completion. The export-worker test and the chaos crash scenario both
 * prove "ready exactly once" with these.
 */
import assert from 'node:assert/strict';
import type { Client } from './client';
import type { TestServer } from './server';

/** Polls GET /v1/exports/{id} until the export leaves `pending`; `log` says why on a timeout. */
export async function waitForExport(c: Client, id: string, ms = 60_000, log = () => ''): Promise<any> {
  for (const until = Date.now() + ms; ;) {
    const r = await c.get(`/v1/exports/${id}`);
    if (r.status === 200 && r.body.status !== 'pending') return r.body;
    if (Date.now() > until)
      throw new Error(`export ${id} still pending after ${ms} ms: ${JSON.stringify(r.body)}\n${log()}`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

/** The file of a ready export, through its signed download_url (no API key); its size is checked. */
export async function downloadExport(ready: { download_url: string; size_bytes: number }): Promise<Buffer> {
  const res = await fetch(ready.download_url);
  assert.equal(res.status, 200, `download ${ready.download_url}`);
  const bytes = Buffer.from(await res.arrayBuffer());
  assert.equal(bytes.length, ready.size_bytes, 'downloaded size is the export size');
  return bytes;
}

/**
 * How many times an export completed, by the records a completion commits: its audit events
 * and its outbox events of `type` (e.g. `packet.exported`). Exactly once is 1 and 1. With the
 * times it was claimed (`attempts`). One batch: on PGlite each query costs a server restart.
 */
export async function exportCompletions(
  srv: Pick<TestServer, 'sqlBatch'>,
  id: string,
  type = 'packet.exported',
): Promise<{ audits: number; events: number; attempts: number }> {
  const [[a], [e], [x]] = await srv.sqlBatch([
    [`SELECT count(*)::int AS n FROM audit_events WHERE event_type = $1 AND details->>'export_id' = $2`, [type, id]],
    [`SELECT count(*)::int AS n FROM events WHERE type = $1 AND data->'object'->>'export_id' = $2`, [type, id]],
    ['SELECT attempts AS n FROM exports WHERE id = $1', [id]],
  ]);
  return { audits: Number(a.n), events: Number(e.n), attempts: Number(x.n) };
}
