/**
 * Webhooks end to end: endpoints API, signed deliveries checked by real verifier libraries
 * (standardwebhooks, stripe), retries, filters, disable/delete/410, resend, the events API and
 * SSRF refusals. A receiver on 127.0.0.1 plays the integrator.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { hostname } from 'node:os';
import { lookup } from 'node:dns/promises';
import { Webhook } from 'standardwebhooks';
import Stripe from 'stripe';
import { startServer, type TestServer } from './helpers/server';
import { client, type Client } from './helpers/client';
import { startReceiver, type Received, type Receiver } from './helpers/receiver';
import { productionAdminKey } from './helpers/production-key';

let srv: TestServer;
let c: Client;
const receivers: Receiver[] = [];
const stripe = new Stripe('sk_test_unused');

// Short retries so a test sees the whole schedule: 1.5 s leaves time to act on a scheduled
// retry; the rest keeps an exhausted delivery under a few seconds.
const SCHEDULE = '1500,300,300';

before(async () => {
  srv = await startServer({ MD_WEBHOOK_RETRY_SCHEDULE_MS: SCHEDULE, MD_WORKER_POLL_MS: '100' });
  c = client(srv.url, srv.adminKey);
});
after(async () => {
  for (const r of receivers) await r.close();
  await srv?.stop();
});

async function receiver() {
  const r = await startReceiver();
  receivers.push(r);
  return r;
}

async function endpoint(url: string, enabled_events?: string[]) {
  const r = await c.post('/v1/webhook_endpoints', enabled_events ? { url, enabled_events } : { url });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body as { webhook_endpoint_id: string; signing_secret: string };
}

async function newMatter(name = 'Webhook matter', headers?: Record<string, string>) {
  const m = await c.post('/v1/matters', { name, mode: 'enforcement' }, headers);
  assert.equal(m.status, 201, JSON.stringify(m.body));
  return m;
}

const forMatter =
  (matterId: string, type = 'matter.created') =>
  (r: Received) =>
    r.json?.type === type && r.json?.matter_id === matterId;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function deliveries(endpointId: string, query = '') {
  const r = await c.get(`/v1/webhook_endpoints/${endpointId}/deliveries${query}`);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.data as any[];
}

async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await sleep(50);
  }
}

function verifyBoth(r: Received, secret: string) {
  const sw = new Webhook(secret).verify(r.body, {
    'webhook-id': String(r.headers['webhook-id']),
    'webhook-timestamp': String(r.headers['webhook-timestamp']),
    'webhook-signature': String(r.headers['webhook-signature']),
  });
  const st = stripe.webhooks.constructEvent(r.body, String(r.headers['md-signature']), secret);
  assert.equal((sw as { id: string }).id, r.json.id);
  assert.equal((st as unknown as { id: string }).id, r.json.id);
}

describe('webhook endpoints API', () => {
  test('create returns the secret once; get and list never do', async () => {
    const rec = await receiver();
    const r = await c.post('/v1/webhook_endpoints', { url: rec.url });
    assert.equal(r.status, 201);
    assert.equal(r.body.object, 'webhook_endpoint');
    assert.match(r.body.webhook_endpoint_id, /^we_[0-9A-Za-z]{24}$/);
    assert.match(r.body.signing_secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.deepEqual(r.body.enabled_events, ['*']);
    assert.equal(r.body.status, 'enabled');
    assert.equal(r.body.url, rec.url);
    assert.match(r.body.audit_ref, /^eve_/);
    const g = await c.get(`/v1/webhook_endpoints/${r.body.webhook_endpoint_id}`);
    assert.equal(g.status, 200);
    assert.equal(g.body.signing_secret, undefined);
    assert.ok(!JSON.stringify(g.body).includes(r.body.signing_secret.slice(6, 30)));
    await c.post('/v1/webhook_endpoints', { url: rec.url, enabled_events: ['matter.created'] });
    const l = await c.get('/v1/webhook_endpoints?limit=1');
    assert.equal(l.body.object, 'list');
    assert.equal(l.body.data.length, 1);
    assert.equal(l.body.has_more, true);
    assert.equal(l.body.url, '/v1/webhook_endpoints');
    const next = await c.get(`/v1/webhook_endpoints?limit=1&starting_after=${l.body.data[0].webhook_endpoint_id}`);
    assert.equal(next.body.data[0].webhook_endpoint_id, r.body.webhook_endpoint_id);
    assert.ok(!JSON.stringify([l.body, next.body]).includes('signing_secret'));
    for (const e of [...l.body.data, ...next.body.data])
      assert.equal((await c.del(`/v1/webhook_endpoints/${e.webhook_endpoint_id}`)).status, 200);
  });

  test('bad input is 400 with the param; unknown ids are 404', async () => {
    const cases: [unknown, string, string][] = [
      [{ url: 'http://127.0.0.1/h', enabled_events: ['matter.exploded'] }, 'parameter_invalid', 'enabled_events'],
      [{ url: 'http://127.0.0.1/h', enabled_events: [] }, 'parameter_invalid', 'enabled_events'],
      [{ url: 'not a url' }, 'parameter_invalid', 'url'],
      [{ url: 'ftp://127.0.0.1/h' }, 'parameter_invalid', 'url'],
      [{ url: 'http://user:pw@127.0.0.1/h' }, 'parameter_invalid', 'url'],
      [{ url: 'http://169.254.169.254/latest/meta-data' }, 'parameter_invalid', 'url'],
      [{ url: 'http://[fe80::1]/h' }, 'parameter_invalid', 'url'],
      [{}, 'parameter_missing', 'url'],
      [{ url: 'http://127.0.0.1/h', secret: 'x' }, 'parameter_unknown', 'secret'],
    ];
    for (const [body, code, param] of cases) {
      const r = await c.post('/v1/webhook_endpoints', body);
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.equal(r.body.error.code, code, JSON.stringify(body));
      assert.equal(r.body.error.param, param, JSON.stringify(body));
    }
    for (const id of ['we_000000000000000000000000', 'nope', 'mtr_000000000000000000000000']) {
      assert.equal((await c.get(`/v1/webhook_endpoints/${id}`)).body.error.code, 'not_found');
      assert.equal((await c.patch(`/v1/webhook_endpoints/${id}`, { status: 'disabled' })).status, 404);
      assert.equal((await c.del(`/v1/webhook_endpoints/${id}`)).status, 404);
      assert.equal((await c.get(`/v1/webhook_endpoints/${id}/deliveries`)).status, 404);
    }
    const bad = await c.patch('/v1/webhook_endpoints/we_000000000000000000000000', { status: 'paused' });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.param, 'status');
  });

  test('PATCH changes url and filter; DELETE answers deleted:true and the endpoint is gone', async () => {
    const rec = await receiver();
    const e = await endpoint(rec.url);
    const p = await c.patch(`/v1/webhook_endpoints/${e.webhook_endpoint_id}`, {
      enabled_events: ['claimant.created', 'claimant.created'],
      url: rec.url + '?v=2',
    });
    assert.equal(p.status, 200);
    assert.deepEqual(p.body.enabled_events, ['claimant.created']);
    assert.equal(p.body.url, rec.url + '?v=2');
    const badUrl = await c.patch(`/v1/webhook_endpoints/${e.webhook_endpoint_id}`, { url: 'http://169.254.169.254/' });
    assert.equal(badUrl.body.error.param, 'url');
    const d = await c.del(`/v1/webhook_endpoints/${e.webhook_endpoint_id}`);
    assert.equal(d.status, 200);
    assert.equal(d.body.object, 'webhook_endpoint');
    assert.equal(d.body.webhook_endpoint_id, e.webhook_endpoint_id);
    assert.equal(d.body.deleted, true);
    assert.equal((await c.get(`/v1/webhook_endpoints/${e.webhook_endpoint_id}`)).status, 404);
    assert.equal((await c.del(`/v1/webhook_endpoints/${e.webhook_endpoint_id}`)).status, 404);
    const listed = await c.get('/v1/webhook_endpoints?limit=100');
    assert.ok(!listed.body.data.some((x: any) => x.webhook_endpoint_id === e.webhook_endpoint_id));
  });
});

describe('delivery', () => {
  test('an event is delivered signed; standardwebhooks and stripe both verify it', async () => {
    const rec = await receiver();
    const e = await endpoint(rec.url);
    const m = await newMatter('Signed delivery', { 'Idempotency-Key': 'wh-signed-1' });
    const matterId = m.body.matter_id;
    const [got] = (await rec.waitFor((all) => all.some(forMatter(matterId)))).filter(forMatter(matterId));
    verifyBoth(got, e.signing_secret);
    assert.equal(got.headers['content-type'], 'application/json');
    assert.equal(got.headers['webhook-id'], got.json.id);
    assert.match(got.json.id, /^evt_/);
    assert.equal(got.json.object, 'event');
    assert.equal(got.json.api_version, '2026-06-11');
    assert.equal(got.json.environment, 'sandbox');
    assert.match(got.json.organization_id, /^org_/);
    assert.equal(got.json.data.object.matter_id, matterId);
    assert.equal(got.json.data.object.name, 'Signed delivery');
    assert.equal(got.json.request.id, m.headers.get('md-request-id'));
    assert.equal(got.json.request.idempotency_key, 'wh-signed-1');
    assert.equal(got.json.audit_ref, m.body.audit_ref);
    // Another secret does not verify it.
    assert.throws(() =>
      new Webhook('whsec_' + Buffer.alloc(32, 1).toString('base64')).verify(got.body, {
        'webhook-id': String(got.headers['webhook-id']),
        'webhook-timestamp': String(got.headers['webhook-timestamp']),
        'webhook-signature': String(got.headers['webhook-signature']),
      }),
    );
    const ev = await c.get(`/v1/events/${got.json.id}`);
    assert.equal(ev.status, 200);
    assert.deepEqual({ ...ev.body, audit_ref: undefined }, { ...got.json, audit_ref: undefined });
    const ds = await until(
      () => deliveries(e.webhook_endpoint_id, `?event_id=${got.json.id}`),
      (d) => d[0]?.status === 'succeeded',
      'succeeded delivery',
    );
    assert.equal(ds.length, 1);
    assert.match(ds[0].delivery_id, /^whd_/);
    assert.equal(ds[0].object, 'webhook_delivery');
    assert.equal(ds[0].attempt, 1);
    assert.equal(ds[0].response_status, 200);
    assert.equal(typeof ds[0].duration_ms, 'number');
    assert.equal(ds[0].next_attempt_at, null);
    await c.del(`/v1/webhook_endpoints/${e.webhook_endpoint_id}`);
  });

  test('a receiver that fails then recovers gets the retry with the same event id', async () => {
    const rec = await receiver();
    const e = await endpoint(rec.url, ['matter.created']);
    // Keyed on the payload, not on the create response: a delivery may arrive before it.
    const flaky = (r: Received) => r.json?.data?.object?.name === 'Flaky receiver';
    const attemptsOf = () => rec.received.filter(flaky);
    rec.respond = (r) => (flaky(r) && attemptsOf().length <= 2 ? 500 : 200);
    await newMatter('Flaky receiver');
    await rec.waitFor(() => attemptsOf().length >= 3, 15_000, 'three attempts');
    const got = attemptsOf();
    assert.equal(got.length, 3);
    assert.equal(new Set(got.map((r) => r.headers['webhook-id'])).size, 1, 'same webhook-id on every attempt');
    assert.equal(new Set(got.map((r) => r.json.id)).size, 1);
    for (const r of got) verifyBoth(r, e.signing_secret);
    const ds = await until(
      () => deliveries(e.webhook_endpoint_id, `?event_id=${got[0].json.id}`),
      (d) => d.length === 3 && d[0].status === 'succeeded',
      'three recorded attempts',
    );
    assert.deepEqual(
      ds.map((d) => [d.attempt, d.status, d.response_status]),
      [
        [3, 'succeeded', 200],
        [2, 'failed', 500],
        [1, 'failed', 500],
      ],
    );
    assert.ok(ds[2].next_attempt_at && ds[1].next_attempt_at, 'a failed attempt names when the next one is due');
    assert.equal(ds[0].next_attempt_at, null);
    await c.del(`/v1/webhook_endpoints/${e.webhook_endpoint_id}`);
  });

  test('when the schedule is used up the delivery is failed', async () => {
    const rec = await receiver();
    rec.respond = () => 503;
    const e = await endpoint(rec.url, ['matter.created']);
    const m = await newMatter('Always failing');
    const ds = await until(
      () => deliveries(e.webhook_endpoint_id),
      (d) => d.length === 4 && d.every((x) => x.status === 'failed'),
      'four failed attempts',
      15_000,
    );
    assert.deepEqual(
      ds.map((d) => d.attempt),
      [4, 3, 2, 1],
    );
    assert.equal(ds[0].next_attempt_at, null);
    assert.equal(rec.received.filter(forMatter(m.body.matter_id)).length, 4);
    assert.equal((await c.get(`/v1/webhook_endpoints/${e.webhook_endpoint_id}`)).body.status, 'enabled');
    await c.del(`/v1/webhook_endpoints/${e.webhook_endpoint_id}`);
  });

  test('enabled_events filters what each endpoint receives', async () => {
    const claims = await receiver();
    const matters = await receiver();
    const a = await endpoint(claims.url, ['claimant.created']);
    const b = await endpoint(matters.url, ['matter.created', 'matter.closed']);
    const m = await newMatter('Filtered');
    const matterId = m.body.matter_id;
    await c.post(`/v1/matters/${matterId}/authority`, {
      basis: 'engagement_letter',
      granted_by: 'Jane Counsel',
      source_refs: [{ source_type: 'engagement_letter' }],
    });
    const cl = await c.post(`/v1/matters/${matterId}/claimants`, { name: 'Creditor LLC', role: 'creditor' });
    assert.equal(cl.status, 201, JSON.stringify(cl.body));
    await c.post(`/v1/matters/${matterId}/close`, { reason: 'paid' });
    await claims.waitFor((all) => all.some(forMatter(matterId, 'claimant.created')));
    await matters.waitFor((all) => all.some(forMatter(matterId, 'matter.closed')));
    await sleep(500);
    assert.deepEqual(
      claims.received.filter((r) => r.json.matter_id === matterId).map((r) => r.json.type),
      ['claimant.created'],
    );
    assert.deepEqual(
      matters.received.filter((r) => r.json.matter_id === matterId).map((r) => r.json.type),
      ['matter.created', 'matter.closed'],
    );
    assert.equal(
      claims.received.find(forMatter(matterId, 'claimant.created'))!.json.data.object.claimant_id,
      cl.body.claimant_id,
    );
    for (const x of [a, b]) await c.del(`/v1/webhook_endpoints/${x.webhook_endpoint_id}`);
  });

  test('an endpoint receives the events created after it, never one from before', async () => {
    const first = await receiver();
    const a = await endpoint(first.url, ['matter.created']);
    const m1 = await newMatter('Before the second endpoint');
    const second = await receiver();
    const b = await endpoint(second.url, ['matter.created']);
    const m2 = await newMatter('After the second endpoint');
    for (const r of [first, second]) await r.waitFor((all) => all.some(forMatter(m2.body.matter_id)));
    await first.waitFor((all) => all.some(forMatter(m1.body.matter_id)));
    await sleep(300);
    const label = new Map([
      [m1.body.matter_id, 'm1'],
      [m2.body.matter_id, 'm2'],
    ]);
    const got = (r: Receiver) =>
      r.received
        .map((x) => label.get(x.json?.matter_id))
        .filter(Boolean)
        .sort();
    assert.deepEqual(got(first), ['m1', 'm2']);
    assert.deepEqual(got(second), ['m2']);
    for (const x of [a, b]) await c.del(`/v1/webhook_endpoints/${x.webhook_endpoint_id}`);
  });

  test('disabling stops an attempt in flight from being retried, and cancels a scheduled retry', async () => {
    // In flight: the receiver disables its own endpoint before answering 500.
    const rec = await receiver();
    const e = await endpoint(rec.url, ['matter.created']);
    rec.respond = async () => {
      const p = await c.patch(`/v1/webhook_endpoints/${e.webhook_endpoint_id}`, { status: 'disabled' });
      assert.equal(p.body.status, 'disabled');
      return 500;
    };
    const m1 = await newMatter('Disabled in flight');
    await rec.waitFor((all) => all.some(forMatter(m1.body.matter_id)));
    const ds = await until(
      () => deliveries(e.webhook_endpoint_id),
      (d) => d[0]?.status === 'failed',
      'recorded attempt',
    );
    assert.deepEqual(
      ds.map((d) => [d.attempt, d.status, d.response_status]),
      [[1, 'failed', 500]],
    );
    const m2 = await newMatter('After disable');
    await sleep(SCHEDULE_TOTAL_MS);
    assert.equal(rec.received.length, 1, 'nothing more after disable');
    assert.ok(!rec.received.some(forMatter(m2.body.matter_id)));

    // Scheduled: attempt 1 fails, attempt 2 is pending when the endpoint is disabled.
    const rec2 = await receiver();
    rec2.respond = () => 500;
    const e2 = await endpoint(rec2.url, ['matter.created']);
    await newMatter('Scheduled retry');
    await until(
      () => deliveries(e2.webhook_endpoint_id),
      (d) => d.some((x) => x.attempt === 2 && x.status === 'pending'),
      'a scheduled retry',
    );
    await c.patch(`/v1/webhook_endpoints/${e2.webhook_endpoint_id}`, { status: 'disabled' });
    const after = await deliveries(e2.webhook_endpoint_id);
    assert.deepEqual(
      after.map((d) => [d.attempt, d.status]),
      [
        [2, 'cancelled'],
        [1, 'failed'],
      ],
    );
    await sleep(SCHEDULE_TOTAL_MS);
    assert.equal(rec2.received.length, 1, 'the cancelled retry was never sent');

    // Enabled again: new events flow; the cancelled attempt stays cancelled.
    rec2.respond = () => 200;
    const on = await c.patch(`/v1/webhook_endpoints/${e2.webhook_endpoint_id}`, { status: 'enabled' });
    assert.equal(on.body.status, 'enabled');
    const m3 = await newMatter('Enabled again');
    await rec2.waitFor((all) => all.some(forMatter(m3.body.matter_id)));
    assert.equal(rec2.received.length, 2);
    for (const x of [e, e2]) await c.del(`/v1/webhook_endpoints/${x.webhook_endpoint_id}`);
  });

  test('deleting stops deliveries, including a scheduled retry', async () => {
    const rec = await receiver();
    rec.respond = () => 500;
    const e = await endpoint(rec.url, ['matter.created']);
    await newMatter('Deleted endpoint');
    await until(
      () => deliveries(e.webhook_endpoint_id),
      (d) => d.some((x) => x.attempt === 2 && x.status === 'pending'),
      'a scheduled retry',
    );
    assert.equal((await c.del(`/v1/webhook_endpoints/${e.webhook_endpoint_id}`)).status, 200);
    await newMatter('After delete');
    await sleep(SCHEDULE_TOTAL_MS);
    assert.equal(rec.received.length, 1);
    deletedEndpointId = e.webhook_endpoint_id;
  });

  test('a 410 disables the endpoint at once, without retries', async () => {
    const rec = await receiver();
    rec.respond = () => 410;
    const e = await endpoint(rec.url, ['matter.created']);
    await newMatter('Gone');
    const ep = await until(
      () => c.get(`/v1/webhook_endpoints/${e.webhook_endpoint_id}`),
      (r) => r.body.status === 'disabled',
      'endpoint disabled',
    );
    assert.equal(ep.body.disabled_reason, 'gone');
    const ds = await deliveries(e.webhook_endpoint_id);
    assert.deepEqual(
      ds.map((d) => [d.attempt, d.status, d.response_status, d.next_attempt_at]),
      [[1, 'failed', 410, null]],
    );
    await newMatter('After gone');
    await sleep(SCHEDULE_TOTAL_MS);
    assert.equal(rec.received.length, 1);
    await c.del(`/v1/webhook_endpoints/${e.webhook_endpoint_id}`);
  });

  test('resend queues the event again with the same webhook-id', async () => {
    const rec = await receiver();
    const e = await endpoint(rec.url, ['matter.created']);
    const m = await newMatter('Resend me');
    const [first] = await rec.waitFor((all) => all.some(forMatter(m.body.matter_id)));
    const eventId = first.json.id;
    const r = await c.post(`/v1/events/${eventId}/resend`, {}, { 'Idempotency-Key': 'resend-1' });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.id, eventId);
    assert.equal(r.body.deliveries.length, 1);
    assert.equal(r.body.deliveries[0].webhook_endpoint_id, e.webhook_endpoint_id);
    assert.equal(r.body.deliveries[0].attempt, 1);
    await rec.waitFor((all) => all.filter((x) => x.json?.id === eventId).length === 2);
    const both = rec.received.filter((x) => x.json?.id === eventId);
    assert.equal(both[1].headers['webhook-id'], both[0].headers['webhook-id']);
    verifyBoth(both[1], e.signing_secret);
    const replay = await c.post(`/v1/events/${eventId}/resend`, {}, { 'Idempotency-Key': 'resend-1' });
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    const one = await c.post(`/v1/events/${eventId}/resend`, { webhook_endpoint_id: e.webhook_endpoint_id });
    assert.equal(one.body.deliveries.length, 1);
    await rec.waitFor((all) => all.filter((x) => x.json?.id === eventId).length === 3);
    await c.patch(`/v1/webhook_endpoints/${e.webhook_endpoint_id}`, { status: 'disabled' });
    const refused = await c.post(`/v1/events/${eventId}/resend`, { webhook_endpoint_id: e.webhook_endpoint_id });
    assert.equal(refused.status, 409);
    assert.equal((await c.post('/v1/events/evt_000000000000000000000000/resend', {})).status, 404);
    const wrongEp = await c.post(`/v1/events/${eventId}/resend`, {
      webhook_endpoint_id: 'we_000000000000000000000000',
    });
    assert.equal(wrongEp.status, 404);
    assert.equal(wrongEp.body.error.param, 'webhook_endpoint_id');
    await c.del(`/v1/webhook_endpoints/${e.webhook_endpoint_id}`);
  });
});

const SCHEDULE_TOTAL_MS = 2_500;
let deletedEndpointId = '';

describe('events API', () => {
  test('list filters by type and matter, pages by keyset; get answers one event', async () => {
    const m = await newMatter('Events list');
    const id = m.body.matter_id;
    await c.patch(`/v1/matters/${id}`, { notes: 'one' });
    await c.patch(`/v1/matters/${id}`, { notes: 'two' });
    const all = await c.get(`/v1/events?matter_id=${id}`);
    assert.equal(all.status, 200);
    assert.deepEqual(
      all.body.data.map((e: any) => e.type),
      ['matter.updated', 'matter.updated', 'matter.created'],
    );
    assert.equal(all.body.url, '/v1/events');
    const typed = await c.get(`/v1/events?matter_id=${id}&type=matter.created`);
    assert.deepEqual(
      typed.body.data.map((e: any) => e.type),
      ['matter.created'],
    );
    const family = await c.get(`/v1/events?matter_id=${id}&type=matter.*`);
    assert.equal(family.body.data.length, 3);
    const p1 = await c.get(`/v1/events?matter_id=${id}&limit=2`);
    assert.equal(p1.body.has_more, true);
    const p2 = await c.get(`/v1/events?matter_id=${id}&limit=2&starting_after=${p1.body.data[1].id}`);
    assert.deepEqual(
      p2.body.data.map((e: any) => e.type),
      ['matter.created'],
    );
    assert.equal(p2.body.has_more, false);
    const back = await c.get(`/v1/events?matter_id=${id}&limit=2&ending_before=${p2.body.data[0].id}`);
    assert.deepEqual(
      back.body.data.map((e: any) => e.id),
      p1.body.data.map((e: any) => e.id),
    );
    const bad = await c.get('/v1/events?type=matter.exploded');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.code, 'parameter_invalid');
    assert.equal(bad.body.error.param, 'type');
    assert.equal((await c.get('/v1/events?limit=101')).status, 400);
    assert.equal((await c.get('/v1/events/evt_000000000000000000000000')).status, 404);
    assert.equal((await c.get('/v1/events/nope')).body.error.code, 'not_found');
    const one = await c.get(`/v1/events/${all.body.data[2].id}`);
    assert.equal(one.body.type, 'matter.created');
    assert.equal(one.body.data.object.matter_id, id);
  });

  test('api keys never reach events; a restricted key sees only its matters', async () => {
    const orgs = await c.get('/v1/organizations');
    const orgId = orgs.body.data.find((o: any) => o.parent_id === null).organization_id;
    const mine = await newMatter('Restricted sees me');
    const other = await newMatter('Restricted never sees me');
    const issued = await c.post(`/v1/organizations/${orgId}/api-keys`, {
      name: 'restricted',
      scopes: ['events:read', 'webhook_endpoints:read', 'webhook_endpoints:write'],
      matter_ids: [mine.body.matter_id],
    });
    assert.equal(issued.status, 201, JSON.stringify(issued.body));
    const secret = issued.body.secret_once as string;
    const events = await c.get('/v1/events?limit=100');
    const text = JSON.stringify(events.body);
    assert.ok(!events.body.data.some((e: any) => e.type.startsWith('api_key.')));
    assert.ok(!text.includes(secret) && !text.includes('secret_once') && !text.includes('secret_hash'));
    assert.equal((await c.get('/v1/events?type=api_key.created')).status, 400);
    const rc = c.withKey(secret);
    const seen = await rc.get('/v1/events?limit=100');
    assert.equal(seen.status, 200);
    assert.ok(seen.body.data.length >= 1);
    assert.ok(seen.body.data.every((e: any) => e.matter_id === mine.body.matter_id));
    const otherEvent = (await c.get(`/v1/events?matter_id=${other.body.matter_id}`)).body.data[0];
    assert.equal((await rc.get(`/v1/events/${otherEvent.id}`)).status, 404);
    assert.equal((await rc.get(`/v1/events?matter_id=${other.body.matter_id}`)).body.data.length, 0);
    const orgEvent =
      (await c.get('/v1/events?type=organization.*')).body.data[0] ??
      (await c.get('/v1/events?type=user.*')).body.data[0];
    if (orgEvent) assert.equal((await rc.get(`/v1/events/${orgEvent.id}`)).status, 404);
    const refused = await rc.post('/v1/webhook_endpoints', { url: 'http://127.0.0.1:9/h' });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error.code, 'matter_restricted_key');
    assert.equal((await rc.get('/v1/webhook_endpoints')).body.error.code, 'matter_restricted_key');
  });
});

describe('egress safety (production)', () => {
  test('production endpoints need https and a public address', async () => {
    const orgs = await c.get('/v1/organizations');
    const orgId = orgs.body.data.find((o: any) => o.parent_id === null).organization_id;
    const f = await c.patch(`/v1/organizations/${orgId}`, { features: ['production_access'] });
    assert.equal(f.status, 200, JSON.stringify(f.body));
    const live = c.withKey(await productionAdminKey(srv, orgId));
    const hosts = [
      '127.0.0.1',
      '[::1]',
      '10.0.0.1',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      'localhost',
      '0.0.0.0',
      '100.64.0.1',
      '[::ffff:127.0.0.1]',
      '[::ffff:a9fe:a9fe]',
      '[fc00::1]',
      '[fd00:ec2::254]',
      '[fe80::1]',
    ];
    // A name (not a literal) that the machine resolves to loopback, e.g. its own hostname.
    const own = hostname();
    const ownAddrs = await lookup(own, { all: true }).catch(() => []);
    if (ownAddrs.length && ownAddrs.every((a) => a.address.startsWith('127.') || a.address === '::1')) hosts.push(own);
    else hosts.push('localhost.');
    for (const h of hosts) {
      const r = await live.post('/v1/webhook_endpoints', { url: `https://${h}/hook` });
      assert.equal(r.status, 400, `${h}: ${JSON.stringify(r.body)}`);
      assert.equal(r.body.error.code, 'parameter_invalid', h);
      assert.equal(r.body.error.param, 'url', h);
    }
    const http = await live.post('/v1/webhook_endpoints', { url: 'http://example.com/hook' });
    assert.equal(http.status, 400);
    assert.equal(http.body.error.param, 'url');
    assert.match(http.body.error.message, /https/);
    // Environments never mix: the sandbox's endpoints are invisible to a production key.
    const rec = await receiver();
    const sandboxEp = await endpoint(rec.url, ['matter.created']);
    assert.equal((await live.get(`/v1/webhook_endpoints/${sandboxEp.webhook_endpoint_id}`)).status, 404);
    assert.ok(
      !(await live.get('/v1/webhook_endpoints')).body.data.some(
        (x: any) => x.webhook_endpoint_id === sandboxEp.webhook_endpoint_id,
      ),
    );
    const sandboxEvent = (await c.get('/v1/events?limit=1')).body.data[0];
    assert.equal((await live.get(`/v1/events/${sandboxEvent.id}`)).status, 404);
    await c.del(`/v1/webhook_endpoints/${sandboxEp.webhook_endpoint_id}`);
  });
});

describe('at rest', () => {
  test('secrets are encrypted, and a deleted endpoint keeps no secret', async () => {
    const rec = await receiver();
    const e = await endpoint(rec.url, ['matter.created']);
    const rows = await srv.sql<{ id: string; secret_ciphertext: string | null; deleted_at: Date | null }>(
      'SELECT id, secret_ciphertext, deleted_at FROM webhook_endpoints WHERE id = ANY($1)',
      [[e.webhook_endpoint_id, deletedEndpointId]],
    );
    const live = rows.find((r) => r.id === e.webhook_endpoint_id)!;
    assert.match(live.secret_ciphertext!, /^v1\.[0-9a-f]{12}\./);
    assert.ok(!live.secret_ciphertext!.includes(e.signing_secret.slice(6)));
    const gone = rows.find((r) => r.id === deletedEndpointId)!;
    assert.equal(gone.secret_ciphertext, null);
    assert.ok(gone.deleted_at);
    // After the restart (PGlite) or not, delivery still signs with the decrypted secret.
    const m = await newMatter('After restart');
    const [got] = (await rec.waitFor((all) => all.some(forMatter(m.body.matter_id)))).filter(
      forMatter(m.body.matter_id),
    );
    verifyBoth(got, e.signing_secret);
  });
});
