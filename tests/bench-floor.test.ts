/**
 * `npm run bench`'s write floor (src/server/http/write-floor.ts) runs the real write's
 * statements: its matter is readable through the API and its audit chain verifies. Served on
 * PostgreSQL only (404 on PGlite, and without MD_BENCH_WRITE_FLOOR: platform.test.ts).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './helpers/server';
import { client } from './helpers/client';

let srv: TestServer;
before(async () => (srv = await startServer({ MD_BENCH_WRITE_FLOOR: '1' })));
after(async () => srv?.stop());

test('the write floor writes a matter and its audit event, as POST /v1/matters does', async () => {
  const r = await fetch(`${srv.url}/bench/write-floor`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'floor-1' },
    body: JSON.stringify({ name: 'Floor write', mode: 'enforcement' }),
  });
  if (!process.env.DATABASE_URL) {
    assert.equal(r.status, 404, 'PostgreSQL only');
    return;
  }
  assert.equal(r.status, 201);
  const { matter_id: id } = (await r.json()) as { matter_id: string };
  const c = client(srv.url, srv.adminKey);
  const m = await c.get(`/v1/matters/${id}`);
  assert.equal(m.status, 200);
  assert.equal(m.body.name, 'Floor write');
  const audit = await c.get(`/v1/audit/matters/${id}`);
  assert.deepEqual(
    audit.body.data.map((e: { event_type: string }) => e.event_type),
    ['matter.created'],
  );
  const v = await c.get(`/v1/audit/matters/${id}/verify`);
  assert.deepEqual({ valid: v.body.valid, checked: v.body.events_checked }, { valid: true, checked: 1 });
  const bad = await fetch(`${srv.url}/bench/write-floor`, { method: 'POST', body: '{"name":' });
  assert.equal(bad.status, 400);
});
