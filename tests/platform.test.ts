import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { startServer, type TestServer } from './helpers/server';
import { client, matterWithAuthority, SOURCE, type Client } from './helpers/client';

let srv: TestServer;
let c: Client;

before(async () => {
  srv = await startServer();
  c = client(srv.url, srv.adminKey);
});
after(async () => srv?.stop());

describe('common REST rules', () => {
  test('headers: request id, version echo, audit_ref in body and header', async () => {
    const r = await c.get('/v1/health');
    assert.equal(r.status, 200);
    assert.match(r.headers.get('md-request-id')!, /^req_[0-9A-Za-z]{24}$/);
    assert.equal(r.headers.get('md-version'), '2026-06-11');
    assert.equal(r.body.audit_ref, r.headers.get('md-request-id'));
    assert.equal(r.headers.get('md-audit-ref'), r.body.audit_ref);
    assert.equal(r.body.status, 'ok');
    assert.equal(r.body.version, '2026-06-11');
  });

  test('a missing MD-Version uses the pinned version; an unknown one is 400 invalid_version', async () => {
    const ok = await c.call('GET', '/v1/health', undefined, {});
    assert.equal(ok.headers.get('md-version'), '2026-06-11');
    const bad = await c.get('/v1/health', { 'MD-Version': '2020-01-01' });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.code, 'invalid_version');
    assert.equal(bad.body.error.type, 'invalid_request_error');
    assert.equal(bad.body.error.request_id, bad.headers.get('md-request-id'));
  });

  test('probes: /healthz answers without the database, /readyz after one round trip to it', async () => {
    for (const [path, status] of [
      ['/healthz', 'ok'],
      ['/readyz', 'ready'],
    ]) {
      const r = await fetch(srv.url + path);
      assert.equal(r.status, 200, path);
      assert.deepEqual(await r.json(), { status });
    }
  });

  test("the benchmark's write floor is not served unless MD_BENCH_WRITE_FLOOR=1", async () => {
    const r = await fetch(`${srv.url}/bench/write-floor`, {
      method: 'POST',
      body: '{"name":"x","mode":"enforcement"}',
    });
    assert.equal(r.status, 404);
  });

  test('unknown routes are 404 route_not_found in the error format', async () => {
    const r = await c.get('/v1/nope');
    assert.equal(r.status, 404);
    assert.equal(r.body.error.code, 'route_not_found');
  });

  test('/metrics (no MD_METRICS_TOKEN) is served to loopback peers; a forged peer header changes nothing', async () => {
    const local = await fetch(`${srv.url}/metrics`, {
      headers: { 'x-md-peer-address': '192.0.2.1', 'x-forwarded-for': '192.0.2.1' },
    });
    assert.equal(local.status, 200);
    assert.match(await local.text(), /md_requests_total|HELP/);
  });

  test('a write returns the audit event id as audit_ref, and the event is in the chain', async () => {
    const m = await c.post('/v1/matters', { name: 'Audit ref matter', mode: 'small_judgment' });
    assert.equal(m.status, 201);
    assert.match(m.body.audit_ref, /^eve_/);
    assert.equal(m.headers.get('md-audit-ref'), m.body.audit_ref);
    const e = await c.get(`/v1/audit/events/${m.body.audit_ref}`);
    assert.equal(e.status, 200);
    assert.equal(e.body.event_type, 'matter.created');
    assert.equal(e.body.matter_id, m.body.matter_id);
    assert.equal(e.body.request_id, m.headers.get('md-request-id'));
  });
});

describe('bad input never produces a 500', () => {
  test('malformed JSON, wrong content type, unknown field, wrong type, huge array, oversized body', async () => {
    const raw = await c.call('POST', '/v1/matters', '{"name": ', { 'Content-Type': 'application/json' });
    assert.equal(raw.status, 400);
    assert.equal(raw.body.error.code, 'invalid_json');
    const form = await c.call('POST', '/v1/matters', 'name=x', { 'Content-Type': 'application/x-www-form-urlencoded' });
    assert.equal(form.status, 415);
    assert.equal(form.body.error.code, 'unsupported_media_type');
    const unknown = await c.post('/v1/matters', { name: 'x', mode: 'enforcement', owner_org: 'org_x' });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.error.code, 'parameter_unknown');
    assert.equal(unknown.body.error.param, 'owner_org');
    const type = await c.post('/v1/matters', { name: 42, mode: 'enforcement' });
    assert.equal(type.body.error.code, 'parameter_invalid');
    assert.equal(type.body.error.param, 'name');
    const missing = await c.post('/v1/matters', { mode: 'enforcement' });
    assert.equal(missing.body.error.code, 'parameter_missing');
    assert.equal(missing.body.error.param, 'name');
    const huge = await c.post('/v1/matters', {
      name: 'x',
      mode: 'enforcement',
      economics: { list: Array.from({ length: 1001 }, () => 1) },
    });
    assert.equal(huge.status, 400);
    assert.equal(huge.body.error.param, 'economics.list');
    const big = await c.call(
      'POST',
      '/v1/matters',
      JSON.stringify({ name: 'x', mode: 'enforcement', notes: 'a'.repeat(1024 * 1024 + 10) }),
    );
    assert.equal(big.status, 413);
    assert.equal(big.body.error.code, 'body_too_large');
    const arrayBody = await c.call('POST', '/v1/matters', '[1,2]');
    assert.equal(arrayBody.body.error.code, 'invalid_json');
    const badQuery = await c.get('/v1/matters?limit=500');
    assert.equal(badQuery.body.error.code, 'parameter_invalid');
    const badFilter = await c.get('/v1/matters?status=weird');
    assert.equal(badFilter.body.error.code, 'parameter_invalid');
    const unknownQuery = await c.get('/v1/matters?colour=red');
    assert.equal(unknownQuery.body.error.code, 'parameter_unknown');
    const badId = await c.get('/v1/matters/not-an-id');
    assert.equal(badId.status, 404);
    assert.equal(badId.body.error.code, 'not_found');
  });
});

describe('oversized bodies', () => {
  /** One request on `agent`; resolves with the status, the Connection header and whether the socket was reused. */
  function send(agent: http.Agent, method: string, path: string, write: (req: http.ClientRequest) => void) {
    return new Promise<{ status: number; connection?: string; reused: boolean }>((resolve, reject) => {
      const u = new URL(srv.url + path);
      const req = http.request(
        { agent, method, host: u.hostname, port: u.port, path, headers: { Authorization: `Bearer ${srv.adminKey}` } },
        (res) => {
          res.resume();
          res.on('end', () =>
            resolve({ status: res.statusCode!, connection: res.headers.connection, reused: req.reusedSocket }),
          );
        },
      );
      req.on('error', reject);
      write(req);
    });
  }

  test('a body a little over 1 MiB is read to its end: the 413 arrives and the connection carries the next request', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const big = await send(agent, 'POST', '/v1/matters', (req) => {
        req.setHeader('Content-Type', 'application/json');
        // Chunked, without Content-Length: the cap is counted while reading.
        for (let i = 0; i < 20; i++) req.write('a'.repeat(64 * 1024));
        req.end();
      });
      assert.deepEqual(big, { status: 413, connection: 'keep-alive', reused: false });
      const next = await send(agent, 'GET', '/v1/health', (req) => req.end());
      assert.deepEqual(next, { status: 200, connection: 'keep-alive', reused: true });
    } finally {
      agent.destroy();
    }
  });

  test('a body declared far past the cap is refused at once, with Connection: close', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const r = await send(agent, 'POST', '/v1/matters', (req) => {
        req.setHeader('Content-Type', 'application/json');
        req.setHeader('Content-Length', String(64 * 1024 * 1024));
        req.flushHeaders(); // and never sends the body
      });
      assert.equal(r.status, 413);
      assert.equal(r.connection, 'close');
    } finally {
      agent.destroy();
    }
  });
});

describe('matters, authority and claimants', () => {
  test('quickstart flow: matter → authority → claimant → audit chain verifies', async () => {
    const m = await c.post('/v1/matters', {
      name: 'Quickstart LLC v. Doe',
      mode: 'enforcement',
      lead_counsel: 'J. Counsel',
      economics: { contingency_fee_pct: 30, currency: 'usd' },
    });
    assert.equal(m.status, 201);
    assert.equal(m.body.object, 'matter');
    assert.equal(m.body.status, 'open');
    assert.equal(m.body.authority_status, 'none');
    assert.equal(m.body.economics.currency, 'usd');
    const id = m.body.matter_id;
    const g = await c.post(`/v1/matters/${id}/authority`, {
      basis: 'engagement_letter',
      granted_by: 'Client GC',
      source_refs: [SOURCE],
    });
    assert.equal(g.status, 201);
    assert.match(g.body.authority_id, /^aut_/);
    assert.equal(g.body.status, 'granted');
    assert.equal((await c.get(`/v1/matters/${id}`)).body.authority_status, 'granted');
    const cl = await c.post(`/v1/matters/${id}/claimants`, {
      name: 'Quickstart LLC',
      role: 'creditor',
      economics: { share_pct: 100 },
    });
    assert.equal(cl.status, 201);
    assert.equal(cl.body.review_state.review_required, false);
    const got = await c.get(`/v1/claimants/${cl.body.claimant_id}`);
    assert.equal(got.body.name, 'Quickstart LLC');
    const p = await c.patch(`/v1/claimants/${cl.body.claimant_id}`, { name: 'Quickstart Holdings LLC' });
    assert.equal(p.status, 200);
    assert.equal(p.body.name, 'Quickstart Holdings LLC');
    const audit = await c.get(`/v1/audit/matters/${id}`);
    assert.deepEqual(
      audit.body.data.map((e: any) => e.event_type),
      ['claimant.updated', 'claimant.created', 'authority.granted', 'matter.created'],
    );
    const v = await c.get(`/v1/audit/matters/${id}/verify`);
    assert.deepEqual(
      { valid: v.body.valid, checked: v.body.events_checked, bad: v.body.first_invalid_event_id },
      { valid: true, checked: 4, bad: null },
    );
    const dash = await c.get(`/v1/matters/${id}/dashboard`);
    assert.equal(dash.status, 200);
    assert.deepEqual(dash.body.judgment_value, { amount: 0, amount_decimal: '0', currency: 'USD' });
    assert.equal(dash.body.open_actions, 0);
  });

  test('a created matter answers as it is stored: economics in the order a read gives, times of the row', async () => {
    const economics = {
      zeta_terms: { bb: [1, 'two', { cc: 1, c: { zz: 0, é: 1 } }], a: null },
      currency: 'usd',
      contingency_fee_pct: 12.5,
      é: true,
      zz: -0,
      '10': 'ten',
      x: 1e21,
    };
    const m = await c.post('/v1/matters', { name: 'Stored As Read v. Doe', mode: 'enforcement', economics });
    assert.equal(m.status, 201);
    const got = await c.get(`/v1/matters/${m.body.matter_id}`);
    // Byte for byte: jsonb keeps keys shorter-first, and the create answers with the stored row.
    assert.equal(JSON.stringify(m.body.economics), JSON.stringify(got.body.economics));
    assert.deepEqual(m.body.economics, { ...economics, zz: 0 });
    for (const f of ['matter_id', 'name', 'mode', 'status', 'lead_counsel', 'notes', 'created_at', 'updated_at'])
      assert.equal(m.body[f], got.body[f], f);
    assert.equal(m.body.created_at, m.body.updated_at);
    assert.match(m.body.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.deepEqual([m.body.lead_counsel, m.body.notes, m.body.retention_policy], [null, null, null]);
  });

  test('status moves: open ⇄ on_hold, close with reason, then every write is 409 matter_closed', async () => {
    const m = (await c.post('/v1/matters', { name: 'Lifecycle', mode: 'small_judgment' })).body;
    assert.equal((await c.patch(`/v1/matters/${m.matter_id}`, { status: 'on_hold' })).body.status, 'on_hold');
    const bad = await c.patch(`/v1/matters/${m.matter_id}`, { status: 'closed' });
    assert.equal(bad.status, 409);
    assert.equal(bad.body.error.code, 'invalid_state_transition');
    const closed = await c.post(`/v1/matters/${m.matter_id}/close`, { reason: 'paid' });
    assert.equal(closed.status, 200);
    assert.equal(closed.body.status, 'closed');
    assert.equal(closed.body.closed_reason, 'paid');
    for (const r of [
      await c.patch(`/v1/matters/${m.matter_id}`, { name: 'x' }),
      await c.post(`/v1/matters/${m.matter_id}/claimants`, { name: 'x', role: 'creditor' }),
      await c.post(`/v1/matters/${m.matter_id}/authority`, {
        basis: 'court_order',
        granted_by: 'x',
        source_refs: [SOURCE],
      }),
      await c.post(`/v1/matters/${m.matter_id}/close`, { reason: 'paid' }),
    ]) {
      assert.equal(r.status, 409);
      assert.equal(r.body.error.code, 'matter_closed');
    }
  });

  test('authority revoke; revoking twice is an invalid transition', async () => {
    const id = await matterWithAuthority(c);
    const grants = await c.get(`/v1/matters/${id}/authority`);
    const gid = grants.body.data[0].authority_id;
    const r = await c.post(`/v1/matters/${id}/authority/${gid}/revoke`, { reason: 'engagement ended' });
    assert.equal(r.body.status, 'revoked');
    assert.equal((await c.get(`/v1/matters/${id}`)).body.authority_status, 'revoked');
    const again = await c.post(`/v1/matters/${id}/authority/${gid}/revoke`, {});
    assert.equal(again.body.error.code, 'invalid_state_transition');
  });

  test('an expired grant shows authority_status expired', async () => {
    const m = (await c.post('/v1/matters', { name: 'Expiring', mode: 'enforcement' })).body;
    const past = new Date(Date.now() - 86400_000 * 2).toISOString();
    const soon = new Date(Date.now() - 86400_000).toISOString();
    const g = await c.post(`/v1/matters/${m.matter_id}/authority`, {
      basis: 'court_order',
      granted_by: 'Court',
      effective_at: past,
      expires_at: soon,
      source_refs: [SOURCE],
    });
    assert.equal(g.body.status, 'expired');
    assert.equal((await c.get(`/v1/matters/${m.matter_id}`)).body.authority_status, 'expired');
  });
});

describe('idempotency', () => {
  test('replay returns the stored response with Idempotent-Replayed; another body is 422', async () => {
    const h = { 'Idempotency-Key': 'idem-replay-1' };
    const a = await c.post('/v1/matters', { name: 'Idem', mode: 'enforcement' }, h);
    const b = await c.post('/v1/matters', { mode: 'enforcement', name: 'Idem' }, h);
    assert.equal(a.status, 201);
    assert.equal(b.status, 201);
    assert.equal(b.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(b.body, a.body);
    const other = await c.post('/v1/matters', { name: 'Other', mode: 'enforcement' }, h);
    assert.equal(other.status, 422);
    assert.equal(other.body.error.code, 'idempotency_key_reused');
  });

  test('20 concurrent requests with one key: one effect, one audit event', async () => {
    const h = { 'Idempotency-Key': `idem-conc-${Date.now()}` };
    const name = `Concurrent ${Date.now()}`;
    const all = await Promise.all(
      Array.from({ length: 20 }, () => c.post('/v1/matters', { name, mode: 'enforcement' }, h)),
    );
    const statuses = all.map((r) => r.status);
    assert.ok(
      statuses.every((s) => s === 201 || s === 409),
      statuses.join(','),
    );
    const created = all.filter((r) => r.status === 201);
    assert.ok(created.length >= 1);
    assert.equal(new Set(created.map((r) => r.body.matter_id)).size, 1);
    for (const r of all.filter((x) => x.status === 409)) assert.equal(r.body.error.code, 'idempotency_key_in_use');
    const list = await c.get(`/v1/matters?name=${encodeURIComponent(name)}`);
    assert.equal(list.body.data.length, 1);
    const audit = await c.get(`/v1/audit/matters/${created[0].body.matter_id}`);
    assert.equal(audit.body.data.length, 1);
  });

  test('a replayed key issue returns the same secret, which is never stored in clear', async () => {
    const org = (await c.get('/v1/organizations')).body.data[0].organization_id;
    const h = { 'Idempotency-Key': `idem-secret-${Date.now()}` };
    const a = await c.post(`/v1/organizations/${org}/api-keys`, { name: 'replayable', scopes: ['matters:read'] }, h);
    assert.equal(a.status, 201);
    const rows = await srv.sql<{ body: string }>(
      `SELECT response_body::text AS body FROM idempotency_records WHERE idem_key = $1`,
      [h['Idempotency-Key']],
    );
    assert.equal(rows.length, 1);
    assert.ok(!rows[0].body.includes(a.body.secret_once), 'the secret must not be stored in clear');
    const b = await c.post(`/v1/organizations/${org}/api-keys`, { name: 'replayable', scopes: ['matters:read'] }, h);
    assert.equal(b.headers.get('idempotent-replayed'), 'true');
    assert.equal(b.body.secret_once, a.body.secret_once);
    assert.equal((await c.withKey(b.body.secret_once).get('/v1/matters')).status, 200);
  });

  test('an execution error (404) is stored and replayed; validation errors too', async () => {
    const h = { 'Idempotency-Key': 'idem-404' };
    const a = await c.post('/v1/matters/mtr_000000000000000000000000/close', { reason: 'paid' }, h);
    assert.equal(a.status, 404);
    const b = await c.post('/v1/matters/mtr_000000000000000000000000/close', { reason: 'paid' }, h);
    assert.equal(b.status, 404);
    assert.equal(b.headers.get('idempotent-replayed'), 'true');
  });
});

/** Walks `path` (limit 5) forward with starting_after, then back with ending_before; both newest first. */
async function walk(cl: Client, path: string, idOf: (row: any) => string) {
  const forward: string[] = [];
  let cursor: string | undefined;
  for (;;) {
    const r = await cl.get(`${path}?limit=5${cursor ? `&starting_after=${cursor}` : ''}`);
    assert.equal(r.body.object, 'list');
    assert.equal(r.body.url, path);
    forward.push(...r.body.data.map(idOf));
    if (!r.body.has_more) break;
    cursor = idOf(r.body.data.at(-1));
  }
  const back: string[] = [forward.at(-1)!];
  for (;;) {
    const r = await cl.get(`${path}?limit=5&ending_before=${back[0]}`);
    back.unshift(...r.body.data.map(idOf));
    if (!r.body.has_more) break;
  }
  return { forward, back };
}

describe('paging', () => {
  test('forward and backward across pages, no gaps or duplicates', async () => {
    const org = (await c.post('/v1/organizations', { name: 'Paging org', type: 'partner' })).body;
    const key = (await c.post(`/v1/organizations/${org.organization_id}/api-keys`, { scopes: ['*'] })).body.secret_once;
    const pc = c.withKey(key);
    const ids: string[] = [];
    for (let i = 0; i < 23; i++)
      ids.push((await pc.post('/v1/matters', { name: `P${i}`, mode: 'enforcement' })).body.matter_id);
    const newestFirst = [...ids].reverse();
    const { forward, back } = await walk(pc, '/v1/matters', (m) => m.matter_id);
    assert.deepEqual(forward, newestFirst);
    assert.deepEqual(back, newestFirst);
    const both = await pc.get(`/v1/matters?starting_after=${ids[1]}&ending_before=${ids[0]}`);
    assert.equal(both.body.error.code, 'parameter_invalid');
  });

  test("a matter's audit pages both ways over its own events only, with another matter's interleaved", async () => {
    const [a, b] = [await matterWithAuthority(c, 'Audit pages A'), await matterWithAuthority(c, 'Audit pages B')];
    const own: string[] = [];
    for (let i = 0; i < 12; i++) {
      own.push((await c.post('/v1/audit/events', { matter_id: a, event_type: 'custom.page' })).body.event_id);
      await c.post('/v1/audit/events', { matter_id: b, event_type: 'custom.page' });
    }
    const { forward, back } = await walk(c, `/v1/audit/matters/${a}`, (e) => e.event_id);
    assert.equal(forward.length, own.length + 2); // with its matter.created and authority.granted, the oldest
    assert.deepEqual(forward.slice(0, own.length), [...own].reverse());
    assert.deepEqual(back, forward);
  });
});

describe('audit chain', () => {
  test('a tampered row makes verify answer valid:false at that event', async () => {
    const id = await matterWithAuthority(c, 'Tamper target');
    await c.post(`/v1/matters/${id}/claimants`, { name: 'Creditor', role: 'creditor' });
    await c.patch(`/v1/matters/${id}`, { name: 'Tamper target (renamed)' });
    const events = (await c.get(`/v1/audit/matters/${id}`)).body.data;
    assert.equal((await c.get(`/v1/audit/matters/${id}/verify`)).body.valid, true);
    const victim = events[1]; // the claimant.created event, in the middle of the chain
    await srv.sql(`UPDATE audit_events SET details = '{"name":"Someone else"}' WHERE id = $1`, [victim.event_id]);
    const v = await c.get(`/v1/audit/matters/${id}/verify`);
    assert.equal(v.body.valid, false);
    assert.equal(v.body.first_invalid_event_id, victim.event_id);
  });

  test('custom audit events need the custom. prefix', async () => {
    const id = await matterWithAuthority(c, 'Custom audit');
    const ok = await c.post('/v1/audit/events', {
      matter_id: id,
      event_type: 'custom.call_logged',
      details: { minutes: 5 },
    });
    assert.equal(ok.status, 201);
    assert.equal(ok.body.event_type, 'custom.call_logged');
    assert.equal(ok.body.audit_ref, ok.body.event_id);
    const bad = await c.post('/v1/audit/events', { matter_id: id, event_type: 'matter.created' });
    assert.equal(bad.body.error.code, 'parameter_invalid');
  });
});

describe('request bytes and replays', () => {
  const raw = (path: string, body: Uint8Array | string, headers: Record<string, string> = {}) =>
    fetch(srv.url + path, {
      method: 'POST',
      body: body as BodyInit,
      headers: {
        Authorization: `Bearer ${srv.adminKey}`,
        'MD-Version': '2026-06-11',
        'Content-Type': 'application/json',
        ...headers,
      },
    });

  test('a body with invalid UTF-8 is 400 invalid_json, and nothing is stored', async () => {
    const name = `Bytes ${Date.now()}`;
    const before = (await c.get('/v1/matters?limit=100')).body.data.length;
    // "Caf\xE9": Latin-1, not UTF-8 — a lenient decoder would store "Caf\uFFFD".
    const bytes = new Uint8Array([
      ...Buffer.from(`{"name":"${name} Caf`),
      0xe9,
      ...Buffer.from('","mode":"enforcement"}'),
    ]);
    const r = await raw('/v1/matters', bytes);
    assert.equal(r.status, 400);
    assert.equal((await r.json()).error.code, 'invalid_json');
    assert.equal((await c.get('/v1/matters?limit=100')).body.data.length, before);
  });

  test('an idempotent replay is the same body, byte for byte', async () => {
    const key = { 'Idempotency-Key': `bytes-${Date.now()}` };
    const body = JSON.stringify({
      name: 'Byte-identical replay',
      mode: 'enforcement',
      economics: { contingency_fee_pct: 25, currency: 'USD' },
      notes: 'n',
    });
    const a = await raw('/v1/matters', body, key);
    const b = await raw('/v1/matters', body, key);
    assert.equal(a.status, 201);
    assert.equal(b.headers.get('idempotent-replayed'), 'true');
    assert.equal(await b.text(), await a.text());
  });
});
