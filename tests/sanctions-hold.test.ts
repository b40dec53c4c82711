/**
 * The sanctions hold where people work and what it allows (issue 30, parts 3 and 4), over HTTP:
 * - the matter, the matters list and the dashboard carry `collection_paused` (why, the review
 *   behind it, since when) or null, naming no listed subject (they are read with matters:read);
 * - counsel's decision needs a reason for blocking too, and the console answers an empty one
 *   with the API error (400 parameter_missing, param reason);
 * - the plan and the API agree: for a matter paused by a listed wallet, every plan step that has
 *   a REST operation and is offered is accepted, and every one the plan blocks is refused 403
 *   collection_paused with the same reason ("needs an OFAC specific license (31 CFR 501.801)")
 *   and the same null-and-void section.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './helpers/server';
import { client, type Client } from './helpers/client';
import { consoleSession, type ConsoleSession } from './helpers/console-session';
import { expectStatus } from './helpers/expect';
import { makeKit, type Kit } from './helpers/fixtures';
import { COINBASE_WALLET, packetBody, packetSetup, type PacketSetup } from './helpers/fixtures-packets';
import { freshEvmAddress, remediationBody } from './helpers/fixtures-issuer';
import { LAZARUS_ETH } from './helpers/fixtures-sanctions';
import { LICENSE_REASON } from '../src/server/domain/sanctions/blocked-property';

let srv: TestServer;
let c: Client;
let k: Kit;
let counsel: ConsoleSession;

before(async () => {
  srv = await startServer();
  c = client(srv.url, srv.adminKey);
  k = await makeKit(c);
  counsel = await consoleSession(srv.url);
});
after(async () => srv?.stop());

const views = async (matterId: string, name: string) => {
  const m = await c.get(`/v1/matters/${matterId}`);
  expectStatus(m, 200, 'matter');
  const list = await c.get(`/v1/matters?name=${encodeURIComponent(name)}&limit=100`);
  expectStatus(list, 200, 'list');
  const d = await c.get(`/v1/matters/${matterId}/dashboard`);
  expectStatus(d, 200, 'dashboard');
  const item = list.body.data.find((x: any) => x.matter_id === matterId);
  return [m.body.collection_paused, item.collection_paused, d.body.collection_paused];
};

describe('collection_paused on the matter, the list and the dashboard', () => {
  test('null while clear; set by a match with the review that decides it; blocking keeps it, naming the block', async () => {
    const s = await packetSetup(k);
    const name = (await c.get(`/v1/matters/${s.matterId}`)).body.name;
    assert.deepEqual(await views(s.matterId, name), [null, null, null]);

    const clear = await c.post('/v1/sanctions/screen', { matter_id: s.matterId, wallets: [COINBASE_WALLET] });
    expectStatus(clear, 200, 'clear screen');
    assert.deepEqual(await views(s.matterId, name), [null, null, null], 'a clear screen pauses nothing');

    const before = Date.now();
    const hit = await c.post('/v1/sanctions/screen', { matter_id: s.matterId, wallets: [LAZARUS_ETH] });
    expectStatus(hit, 200, 'screen');
    const [m, item, dash] = await views(s.matterId, name);
    assert.deepEqual(item, m);
    assert.deepEqual(dash, m);
    assert.equal(m.sanctions_review_id, null);
    assert.equal(m.review_status, null);
    assert.equal(m.unresolved_matches, 1);
    assert.ok(Math.abs(Date.parse(m.since) - before) < 60_000, m.since);
    assert.match(m.reason, /1 sanctions match not cleared by a review decision; no review is open yet/);
    assert.ok(m.reason.includes(LICENSE_REASON), m.reason);
    assert.match(m.reason, /restraint and preservation stay available/);
    assert.ok(!m.reason.toLowerCase().includes(LAZARUS_ETH.toLowerCase()), 'no listed subject on the matter');

    const r = await c.post('/v1/sanctions/review-packet', { matter_id: s.matterId, screen_id: hit.body.review_id });
    expectStatus(r, 201, 'review');
    const [open] = await views(s.matterId, name);
    assert.equal(open.sanctions_review_id, r.body.review_id);
    assert.equal(open.review_status, 'in_review');
    assert.equal(open.since, m.since);

    const blocked = await counsel.mutate('sanctions.decide', {
      review_id: r.body.review_id,
      decision: 'blocked',
      reason: 'Lazarus Group wallet (SDN 27307): the address itself is listed.',
    });
    assert.ok(blocked.ok, JSON.stringify(blocked));
    const after = await views(s.matterId, name);
    for (const v of after) {
      assert.equal(v.sanctions_review_id, r.body.review_id);
      assert.equal(v.review_status, 'blocked');
      assert.match(v.reason, /counsel confirmed the block/);
    }
  });

  test('a cleared review lifts it everywhere', async () => {
    const s = await packetSetup(k);
    const name = (await c.get(`/v1/matters/${s.matterId}`)).body.name;
    const hit = await c.post('/v1/sanctions/screen', { matter_id: s.matterId, counterparties: ['Yevgeny Prigozhin'] });
    expectStatus(hit, 200, 'screen');
    assert.ok((await views(s.matterId, name)).every((v) => v !== null));
    const r = await c.post('/v1/sanctions/review-packet', { matter_id: s.matterId, screen_id: hit.body.review_id });
    const d = await counsel.mutate('sanctions.decide', {
      review_id: r.body.review_id,
      decision: 'cleared',
      reason: 'Different people: the counterparty was born in 1990 in Riga.',
    });
    assert.ok(d.ok, JSON.stringify(d));
    assert.deepEqual(await views(s.matterId, name), [null, null, null]);
  });
});

describe("counsel's block decision", () => {
  test('needs a reason: empty or blank is 400 parameter_missing in the API error format; nothing is decided', async () => {
    const m = await k.matter();
    const hit = await c.post('/v1/sanctions/screen', { matter_id: m, wallets: [LAZARUS_ETH] });
    const r = await c.post('/v1/sanctions/review-packet', { matter_id: m, screen_id: hit.body.review_id });
    expectStatus(r, 201, 'review');
    for (const reason of [undefined, null, '', '   ']) {
      const d = await counsel.mutate('sanctions.decide', { review_id: r.body.review_id, decision: 'blocked', reason });
      assert.equal(d.ok, false, JSON.stringify(d));
      const api = (d as any).error.data.api;
      // null is the wrong type (400 parameter_invalid, as the REST schema answers); absent or blank
      // is a missing reason. Either way nothing is decided.
      assert.equal(api.code, reason === null ? 'parameter_invalid' : 'parameter_missing', JSON.stringify(api));
      assert.equal(api.param, 'reason');
      assert.equal((d as any).error.data.httpStatus ?? 400, 400);
      assert.match(api.message, /reason/);
    }
    assert.equal((await c.get(`/v1/sanctions/${r.body.review_id}`)).body.status, 'in_review');
  });
});

/** The REST call each plan step with an operation stands for, on the matter of `s`. */
const STEP_CALLS: Record<string, (s: PacketSetup) => { path: string; body: object }> = {
  vasp_legal_process: (s) => ({
    path: '/v1/packets/vasp-legal-process',
    body: packetBody(s, { packet_type: 'records_request' }),
  }),
  exchange_freeze: (s) => ({ path: '/v1/packets/exchange-freeze', body: packetBody(s, { packet_type: 'freeze' }) }),
  exchange_intercept: (s) => ({
    path: '/v1/packets/exchange-intercept',
    body: packetBody(s, { packet_type: 'preservation' }),
  }),
  exchange_turnover: (s) => ({
    path: '/v1/packets/exchange-turnover',
    body: packetBody(s, { packet_type: 'turnover' }),
  }),
  turnover_workflow: (s) => ({
    path: '/v1/packets/turnover-workflow',
    body: packetBody(s, { packet_type: 'self_custody_turnover' }),
  }),
  law_enforcement_referral: (s) => ({
    path: '/v1/packets/law-enforcement-referral',
    body: packetBody(s, { packet_type: 'referral' }),
  }),
  issuer_freeze: (s) => ({ path: '/v1/issuer-remediation/freeze-packet', body: remediationBody(s) }),
  burn_reissue: (s) => ({ path: '/v1/issuer-remediation/burn-reissue-packet', body: remediationBody(s) }),
  sanctions_review: (s) => ({
    path: '/v1/packets/sanctions-review',
    body: { matter_id: s.matterId, wallets: [LAZARUS_ETH] },
  }),
};

describe('the plan offers exactly what the API allows', () => {
  test('paused by a listed wallet: offered steps are accepted, blocked ones refused with the same cited reason', async (t) => {
    const s = await packetSetup(k);
    expectStatus(
      await c.post('/v1/sanctions/screen', { matter_id: s.matterId, wallets: [LAZARUS_ETH] }),
      200,
      'screen',
    );
    const plan = await c.post(`/v1/judgments/${s.judgmentId}/enforcement-plan`, {
      profile: 'maximum_lawful',
      known_wallets: [LAZARUS_ETH, COINBASE_WALLET, freshEvmAddress()],
    });
    expectStatus(plan, 200, 'plan');
    const offered = [...new Set<string>(plan.body.priority_actions.map((a: any) => a.type as string))].filter(
      (x) => STEP_CALLS[x],
    );
    const blocked = plan.body.blocked_actions.filter((b: any) => STEP_CALLS[b.type]);
    t.diagnostic(
      `offered: ${offered.join(', ')}; blocked: ${[...new Set(blocked.map((b: any) => b.type))].join(', ')}`,
    );
    for (const x of ['sanctions_review', 'vasp_legal_process', 'exchange_freeze', 'exchange_intercept'])
      assert.ok(offered.includes(x), `${x} offered`);
    for (const x of ['exchange_turnover', 'turnover_workflow', 'issuer_freeze', 'burn_reissue'])
      assert.ok(
        blocked.some((b: any) => b.type === x),
        `${x} blocked`,
      );

    for (const type of offered) {
      const { path, body } = STEP_CALLS[type](s);
      const r = await c.post(path, body);
      assert.ok(
        r.status === 200 || r.status === 201,
        `${type} offered by the plan, API answered ${r.status}: ${JSON.stringify(r.body)}`,
      );
    }
    for (const b of blocked) {
      assert.equal(b.blocked_by, 'sanctions_license', JSON.stringify(b));
      assert.ok(b.reason.includes(LICENSE_REASON), b.reason);
      const { path, body } = STEP_CALLS[b.type](s);
      const r = await c.post(path, body);
      assert.equal(r.status, 403, `${b.type} blocked by the plan, API answered ${r.status}: ${JSON.stringify(r.body)}`);
      assert.equal(r.body.error.code, 'collection_paused');
      assert.ok(r.body.error.message.includes(LICENSE_REASON), r.body.error.message);
      assert.equal(r.body.error.details.reason, LICENSE_REASON);
      assert.ok(
        b.reason.includes(r.body.error.details.judicial_process_rule),
        `the plan cites ${r.body.error.details.judicial_process_rule} as the API does: ${b.reason}`,
      );
    }
  });
});
