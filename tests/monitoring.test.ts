/**
 * Monitoring over HTTP: watchlists (thresholds, derived alert rules, addresses validated per
 * network), the six alert types raised by the in-process scanner from the sandbox chain and
 * from the clock, once per rule and subject, the alert list's filters and paging, and triage
 * with a linked action, a draft packet, and a packet refused by the collection pause or the
 * authority gate, which leaves the alert untouched.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './helpers/server';
import { client, matterWithAuthority, SOURCE, type Client } from './helpers/client';
import { expectError, expectStatus } from './helpers/expect';
import { makeKit, type Kit } from './helpers/fixtures';
import { BINANCE_9, LAZARUS, evmAddress, transfer } from './helpers/fixtures-chain';
import { waitForAlert, watchlistBody } from './helpers/fixtures-monitoring';
import { intakeBody } from './helpers/fixtures-judgments';
import {
  alertRules,
  meetsThreshold,
  normalizeThresholds,
  transferAlerts,
  type TransferFacts,
} from '../src/server/domain/monitoring/rules';
import { allowedAlertMoves, canMoveAlert } from '../src/server/domain/monitoring/alert-status';

let srv: TestServer;
let c: Client;
let k: Kit;
let counsel: string;
const DAY = 86_400_000;

before(async () => {
  srv = await startServer();
  c = client(srv.url, srv.adminKey);
  k = await makeKit(c);
  const r = await c.post(`/v1/organizations/${k.orgId}/users`, {
    email: `${k.unique('counsel')}@example.test`,
    name: 'Casey Counsel',
    roles: ['counsel'],
  });
  expectStatus(r, 201, 'counsel');
  counsel = r.body.user_id;
});
after(async () => srv?.stop());

async function watchlist(matterId: string, addresses: string[], over: Record<string, unknown> = {}) {
  const r = await c.post('/v1/watchlists', watchlistBody(matterId, addresses, over));
  expectStatus(r, 201, 'watchlist');
  return r.body;
}
const alertsOf = async (matterId: string, q = '') => {
  const r = await c.get(`/v1/alerts?matter_id=${matterId}&limit=100${q}`);
  expectStatus(r, 200, 'alerts');
  return r.body.data as any[];
};
const settle = (ms = 1500) => new Promise((r) => setTimeout(r, ms));

describe('pure rules', () => {
  test('thresholds default, derive one rule per alert type, and compare exactly', () => {
    const t = normalizeThresholds({ min_amount: '1000' });
    assert.deepEqual(t, { min_amount: '1000', exchange_hops: 1, deadline_days: 30 });
    assert.deepEqual(
      alertRules(t).map((r) => r.rule),
      ['wallet_movement', 'exchange_proximity', 'stablecoin_exposure', 'sanctions', 'deadline', 'compliance'],
    );
    assert.equal(meetsThreshold(t, '999.999999999999999999', null), false);
    assert.equal(meetsThreshold(t, '1000', null), true);
    assert.equal(
      meetsThreshold(normalizeThresholds({ min_usd: '500' }), '800', null),
      false,
      'no USD value, a USD-only threshold is not met',
    );
    assert.equal(meetsThreshold(normalizeThresholds({ min_usd: '500' }), '800', '800'), true);
    const f: TransferFacts = {
      network: 'ethereum',
      transaction_hash: '0xabc',
      subject: 'ethereum:0xabc',
      from: '0xa',
      to: '0xb',
      asset: 'USDT',
      amount: '5000',
      watched: '0xa',
      direction: 'outgoing',
      usd: '5000',
      freezable_stablecoin: null,
      counterparty: '0xb',
      counterparty_label: 'labelled exchange: binance',
      counterparty_exchange: 'binance',
      counterparty_ofac: 'Lazarus Group',
      via: null,
    };
    assert.deepEqual(
      transferAlerts(t, f).map((a) => [a.type, a.severity]),
      [
        ['wallet_movement', 'high'],
        ['exchange_proximity', 'high'],
        ['sanctions', 'critical'],
      ],
    );
  });

  test('alert moves (§9)', () => {
    assert.deepEqual(allowedAlertMoves('new'), ['actionable', 'false_positive', 'monitoring']);
    assert.equal(canMoveAlert('new', 'resolved'), false);
    assert.equal(canMoveAlert('monitoring', 'resolved'), true);
    assert.deepEqual(allowedAlertMoves('resolved'), []);
  });
});

describe('watchlists', () => {
  test('create, get, list and add addresses; rules derive from thresholds', async () => {
    const m = await k.matter();
    const a1 = evmAddress();
    const w = await watchlist(m, [a1], { thresholds: { min_usd: 250, exchange_hops: 2 } });
    assert.match(w.watchlist_id, /^wat_/);
    assert.equal(w.status, 'active');
    assert.deepEqual(w.thresholds, { min_usd: 250, exchange_hops: 2, deadline_days: 30 });
    assert.equal(w.alert_rules.length, 6);
    assert.deepEqual(w.alert_rules.find((r: any) => r.rule === 'exchange_proximity').params, { exchange_hops: 2 });
    assert.equal(w.addresses.length, 1);
    assert.equal(w.addresses[0].toLowerCase(), a1);
    assert.equal(w.address_details[0].reason, 'Debtor-controlled per the asset map');
    const a2 = evmAddress();
    const add = await c.post(`/v1/watchlists/${w.watchlist_id}/addresses`, {
      addresses: [a2, a1],
      reason: 'Received the funds',
      source_refs: [SOURCE],
    });
    expectStatus(add, 200, 'add addresses');
    assert.equal(add.body.addresses.length, 2, 'a repeated address is kept once');
    assert.match(add.body.audit_ref, /^eve_/);
    const got = await c.get(`/v1/watchlists/${w.watchlist_id}`);
    expectStatus(got, 200, 'get');
    assert.deepEqual(got.body.addresses, add.body.addresses);
    const list = await c.get(`/v1/watchlists?matter_id=${m}`);
    expectStatus(list, 200, 'list');
    assert.deepEqual(
      list.body.data.map((x: any) => x.watchlist_id),
      [w.watchlist_id],
    );
  });

  test('addresses are validated per network, with the reason', async () => {
    const m = await k.matter();
    expectError(await c.post('/v1/watchlists', watchlistBody(m, ['0x1234'])), 400, 'parameter_invalid', {
      param: 'addresses[0]',
    });
    expectError(
      await c.post('/v1/watchlists', watchlistBody(m, ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'])),
      400,
      'parameter_invalid',
      { param: 'addresses[0]' },
    );
    expectError(
      await c.post('/v1/watchlists', watchlistBody(m, [evmAddress()], { reason: undefined })),
      400,
      'parameter_invalid',
      { param: 'reason' },
    );
    expectError(
      await c.post('/v1/watchlists', watchlistBody(m, [evmAddress()], { thresholds: { exchange_hops: 3 } })),
      400,
      'parameter_invalid',
      { param: 'thresholds.exchange_hops' },
    );
    const btc = await c.post(
      '/v1/watchlists',
      watchlistBody(m, ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'], { chains: ['bitcoin', 'ethereum'] }),
    );
    expectStatus(btc, 201, 'bitcoin address on a bitcoin chain');
    assert.deepEqual(
      btc.body.address_details.map((d: any) => d.network),
      ['bitcoin'],
    );
    const w = await watchlist(m, []);
    expectError(
      await c.post(`/v1/watchlists/${w.watchlist_id}/addresses`, { addresses: ['not-an-address'], reason: 'x' }),
      400,
      'parameter_invalid',
      { param: 'addresses[0]' },
    );
    expectError(await c.get('/v1/watchlists/wat_000000000000000000000000'), 404, 'not_found');
  });
});

describe('alerts from the sandbox chain', () => {
  test('wallet movement and exchange proximity within 5 s, with evidence, raised once', async () => {
    const m = await k.matter();
    const debtor = evmAddress();
    const w = await watchlist(m, [debtor]);
    const t0 = Date.now();
    const tr = await transfer(k, debtor, BINANCE_9, 'USDT', '2500');
    const prox = await waitForAlert(c, `matter_id=${m}&type=exchange_proximity`, () => true, 5_000);
    assert.ok(Date.now() - t0 < 5_000, `raised in ${Date.now() - t0} ms`);
    assert.equal(prox.severity, 'high');
    assert.equal(prox.status, 'new');
    assert.equal(prox.watchlist_id, w.watchlist_id);
    assert.equal(prox.evidence.transaction_hash, tr.transaction_hash);
    assert.deepEqual(prox.evidence.amount, { amount: 2500, amount_decimal: '2500', currency: 'USDT' });
    assert.equal(prox.evidence.asset, 'USDT');
    assert.equal(prox.evidence.counterparty.toLowerCase(), BINANCE_9);
    assert.match(prox.evidence.label, /binance/i);
    const move = await waitForAlert(c, `matter_id=${m}&type=wallet_movement`);
    assert.equal(move.evidence.transaction_hash, tr.transaction_hash);
    // Below the threshold: no movement alert; an unrelated transfer: nothing.
    await transfer(k, debtor, evmAddress(), 'USDT', '999.99');
    await transfer(k, evmAddress(), evmAddress(), 'USDT', '50000');
    await settle();
    const all = await alertsOf(m);
    assert.deepEqual(all.map((a) => a.type).sort(), ['exchange_proximity', 'wallet_movement']);
    const got = await c.get(`/v1/alerts/${prox.alert_id}`);
    expectStatus(got, 200, 'get alert');
    assert.deepEqual({ ...got.body, audit_ref: undefined }, { ...prox, audit_ref: undefined });
    // The event of a new alert.
    const ev = await c.get(`/v1/events?matter_id=${m}&type=alert.created`);
    expectStatus(ev, 200, 'events');
    assert.equal(ev.body.data.length, 2);
  });

  test('stablecoin exposure, sanctions (critical) and a second exchange hop', async () => {
    const m = await k.matter();
    const debtor = evmAddress();
    const mule = evmAddress();
    await watchlist(m, [debtor], { thresholds: { min_amount: '1000', exchange_hops: 2 } });
    await transfer(k, evmAddress(), debtor, 'USDT', '5000');
    const sc = await waitForAlert(c, `matter_id=${m}&type=stablecoin_exposure`);
    assert.equal(sc.evidence.asset, 'USDT');
    assert.match(sc.reason, /freeze/);
    await transfer(k, debtor, LAZARUS, 'USDT', '10');
    const sanc = await waitForAlert(c, `matter_id=${m}&type=sanctions`);
    assert.equal(sanc.severity, 'critical');
    assert.match(sanc.reason, /OFAC-listed/);
    await transfer(k, debtor, mule, 'USDT', '100');
    const hop2 = await transfer(k, mule, BINANCE_9, 'USDT', '95');
    const prox = await waitForAlert(c, `matter_id=${m}&type=exchange_proximity`);
    assert.equal(prox.evidence.transaction_hash, hop2.transaction_hash);
    assert.equal(prox.severity, 'medium');
    assert.match(prox.reason, /two hops/);
  });

  test('the filters, paging and a bad filter', async () => {
    const m = await k.matter();
    const debtor = evmAddress();
    await watchlist(m, [debtor]);
    for (let i = 0; i < 3; i++) await transfer(k, debtor, BINANCE_9, 'USDT', `${2000 + i}`);
    await waitForAlert(c, `matter_id=${m}`, () => true);
    const until = Date.now() + 10_000;
    while ((await alertsOf(m)).length < 6 && Date.now() < until) await settle(100);
    assert.equal((await alertsOf(m)).length, 6);
    assert.equal((await alertsOf(m, '&type=wallet_movement')).length, 3);
    assert.equal((await alertsOf(m, '&severity=high')).length, 6);
    assert.equal((await alertsOf(m, '&severity=critical')).length, 0);
    assert.equal((await alertsOf(m, '&status=new')).length, 6);
    const p1 = await c.get(`/v1/alerts?matter_id=${m}&limit=4`);
    assert.equal(p1.body.has_more, true);
    const p2 = await c.get(`/v1/alerts?matter_id=${m}&limit=4&starting_after=${p1.body.data.at(-1).alert_id}`);
    assert.equal(p2.body.data.length, 2);
    assert.equal(new Set([...p1.body.data, ...p2.body.data].map((a: any) => a.alert_id)).size, 6);
    expectError(await c.get('/v1/alerts?status=open'), 400, 'parameter_invalid', { param: 'status' });
    expectError(await c.get('/v1/alerts?severity=urgent'), 400, 'parameter_invalid', { param: 'severity' });
    expectError(await c.get('/v1/alerts?type=theft'), 400, 'parameter_invalid', { param: 'type' });
    expectError(await c.get('/v1/alerts?matter_id=nope'), 400, 'parameter_invalid', { param: 'matter_id' });
    const dash = await c.get(`/v1/matters/${m}/dashboard`);
    expectStatus(dash, 200, 'dashboard');
    assert.equal(dash.body.alerts, 6);
  });
});

describe('alerts from the clock', () => {
  test('deadlines, due actions and expiring authority within deadline_days', async () => {
    const m = await k.matter();
    const entered = new Date(Date.now() - 20 * DAY).toISOString().slice(0, 10);
    const j = await c.post('/v1/judgments/intake', { ...intakeBody(k, m), date_entered: entered });
    expectStatus(j, 200, 'judgment');
    const act = await c.post('/v1/actions', {
      matter_id: m,
      type: 'custom',
      title: 'File the renewal',
      due_at: new Date(Date.now() + 3 * DAY).toISOString(),
    });
    expectStatus(act, 200, 'action');
    const later = await c.post('/v1/actions', {
      matter_id: m,
      type: 'custom',
      title: 'Much later',
      due_at: new Date(Date.now() + 90 * DAY).toISOString(),
    });
    expectStatus(later, 200, 'action');
    const g = await c.post(`/v1/matters/${m}/authority`, {
      basis: 'engagement_letter',
      granted_by: 'Jane Counsel',
      source_refs: [SOURCE],
      expires_at: new Date(Date.now() + 10 * DAY).toISOString(),
    });
    expectStatus(g, 201, 'expiring grant');
    await watchlist(m, [evmAddress()]);
    const due = await waitForAlert(c, `matter_id=${m}&type=deadline`, (a) => a.target === act.body.action_id);
    assert.equal(due.severity, 'high');
    assert.match(due.reason, /File the renewal/);
    const comp = await waitForAlert(c, `matter_id=${m}&type=compliance`, (a) => a.target === g.body.authority_id);
    assert.match(comp.reason, /expires on/);
    const jd = await c.get(`/v1/judgments/${j.body.judgment_id}`);
    const soon = (jd.body.deadlines ?? []).filter(
      (d: any) => d.date && Date.parse(d.date) - Date.now() <= 31 * DAY && d.status === 'open',
    );
    const judgmentAlerts = (await alertsOf(m, '&type=deadline')).filter((a) => a.target === j.body.judgment_id);
    assert.equal(judgmentAlerts.length, soon.length, JSON.stringify(jd.body.deadlines));
    assert.ok(
      !(await alertsOf(m)).some((a) => a.target === later.body.action_id),
      'an action due in 90 days is outside the window',
    );
    // A second watchlist on the matter runs the pass again: nothing is raised twice.
    const before = (await alertsOf(m)).length;
    await watchlist(m, [evmAddress()]);
    await settle();
    assert.equal((await alertsOf(m)).length, before);
  });
  test('OFAC report due dates: due within deadline_days is a deadline, overdue is a compliance alert (critical)', async () => {
    const m = await k.matter();
    // Written as the OFAC workflow stores them (a blocked review's report), to set the dates.
    const report = async (days: number) => {
      const id = `ofr_${Math.random().toString(36).slice(2)}`;
      const due = new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
      await srv.sql(
        `INSERT INTO ofac_reports (id, org_id, env, matter_id, review_id, status, report_type, counsel_owner, blocked_at, due_date, updated_at)
        VALUES ($1, $2, 'sandbox', $3, $4, 'drafting', 'blocked_property', 'Casey Counsel', now(), $5::date, now())`,
        [id, k.orgId, m, `rev_${id}`, due],
      );
      return id;
    };
    const soon = await report(5);
    const overdue = await report(-2);
    await watchlist(m, [evmAddress()]);
    const d = await waitForAlert(c, `matter_id=${m}&type=deadline`, (a) => a.target === soon);
    assert.match(d.reason, /31 CFR 501\.603/);
    const o = await waitForAlert(c, `matter_id=${m}&type=compliance`, (a) => a.target === overdue);
    assert.equal(o.severity, 'critical');
    assert.match(o.reason, /was due on/);
  });
});

describe('triage', () => {
  async function alertOn(matterId: string) {
    const debtor = evmAddress();
    await watchlist(matterId, [debtor]);
    await transfer(k, debtor, BINANCE_9, 'USDT', '2500');
    return waitForAlert(c, `matter_id=${matterId}&type=exchange_proximity`);
  }

  test('with create_action: a linked action, alert.triaged, and the moves of §9', async () => {
    const m = await k.matter();
    const a = await alertOn(m);
    const r = await c.post(`/v1/alerts/${a.alert_id}/triage`, {
      status: 'actionable',
      notes: 'Freeze window open',
      create_action: true,
    });
    expectStatus(r, 200, 'triage');
    assert.equal(r.body.status, 'actionable');
    assert.equal(r.body.notes, 'Freeze window open');
    assert.ok(r.body.triaged_by, 'the actor who triaged');
    assert.ok(r.body.triaged_at);
    assert.match(r.body.linked_action_id, /^act_/);
    const action = await c.get(`/v1/actions/${r.body.linked_action_id}`);
    expectStatus(action, 200, 'linked action');
    assert.equal(action.body.linked_alert_id, a.alert_id);
    assert.equal(action.body.priority, 'high');
    const ev = await c.get(`/v1/events?matter_id=${m}&type=alert.triaged`);
    assert.equal(ev.body.data.length, 1);
    assert.equal(ev.body.data[0].data.object.status, 'actionable');
    expectError(
      await c.post(`/v1/alerts/${a.alert_id}/triage`, { status: 'actionable', create_action: true }),
      400,
      'parameter_invalid',
      { param: 'create_action' },
    );
    expectStatus(await c.post(`/v1/alerts/${a.alert_id}/triage`, { status: 'resolved' }), 200, 'resolve');
    expectError(
      await c.post(`/v1/alerts/${a.alert_id}/triage`, { status: 'monitoring' }),
      409,
      'invalid_state_transition',
    );
    const fresh = await alertOn(await k.matter());
    expectError(
      await c.post(`/v1/alerts/${fresh.alert_id}/triage`, { status: 'resolved' }),
      409,
      'invalid_state_transition',
    );
    expectError(await c.post(`/v1/alerts/${fresh.alert_id}/triage`, { status: 'new' }), 400, 'parameter_invalid', {
      param: 'status',
    });
    // An action may link an alert of its own matter only.
    expectError(
      await c.post('/v1/actions', { matter_id: m, type: 'custom', title: 'x', linked_alert_id: fresh.alert_id }),
      400,
      'parameter_invalid',
      { param: 'linked_alert_id' },
    );
    expectStatus(
      await c.post('/v1/actions', { matter_id: m, type: 'custom', title: 'x', linked_alert_id: a.alert_id }),
      200,
      'action linking the alert',
    );
  });

  test('with create_packet_type: a draft packet linked to the alert', async () => {
    const m = await matterWithAuthority(c, 'Triage packet');
    const a = await alertOn(m);
    const r = await c.post(`/v1/alerts/${a.alert_id}/triage`, {
      status: 'actionable',
      create_packet_type: 'exchange_freeze',
      authorized_sender: counsel,
      create_action: true,
    });
    expectStatus(r, 200, 'triage with packet');
    assert.match(r.body.linked_packet_id, /^pac_/);
    const p = await c.get(`/v1/packets/${r.body.linked_packet_id}`);
    expectStatus(p, 200, 'packet');
    assert.equal(p.body.status, 'draft');
    assert.equal(p.body.type, 'exchange_freeze');
    const action = await c.get(`/v1/actions/${r.body.linked_action_id}`);
    assert.equal(action.body.linked_packet_id, r.body.linked_packet_id);
    // Without a user behind the key, the sender must be named.
    const b = await alertOn(await matterWithAuthority(c, 'No sender'));
    expectError(
      await c.post(`/v1/alerts/${b.alert_id}/triage`, { status: 'actionable', create_packet_type: 'exchange_freeze' }),
      400,
      'parameter_missing',
      { param: 'authorized_sender' },
    );
    assert.equal((await c.get(`/v1/alerts/${b.alert_id}`)).body.status, 'new');
  });

  test('a packet refused by the collection pause or the gate leaves the alert untouched', async () => {
    const paused = await matterWithAuthority(c, 'Paused');
    const a = await alertOn(paused);
    expectStatus(await c.post('/v1/sanctions/screen', { matter_id: paused, wallets: [LAZARUS] }), 200, 'screen');
    const read = async (id: string) => ({ ...(await c.get(`/v1/alerts/${id}`)).body, audit_ref: undefined });
    const before = await read(a.alert_id);
    const actionsBefore = (await c.get(`/v1/actions?matter_id=${paused}`)).body.data.length;
    expectError(
      await c.post(`/v1/alerts/${a.alert_id}/triage`, {
        status: 'actionable',
        notes: 'x',
        create_action: true,
        // A turnover would move the listed person's property: it needs an OFAC license.
        create_packet_type: 'exchange_turnover',
        authorized_sender: counsel,
      }),
      403,
      'collection_paused',
    );
    assert.deepEqual(await read(a.alert_id), before);
    assert.equal((await c.get(`/v1/actions?matter_id=${paused}`)).body.data.length, actionsBefore, 'no action either');
    assert.equal((await c.get(`/v1/events?matter_id=${paused}&type=alert.triaged`)).body.data.length, 0);

    const gated = await k.matter({ authority: false });
    const b = await alertOn(gated);
    const beforeB = await read(b.alert_id);
    expectError(
      await c.post(`/v1/alerts/${b.alert_id}/triage`, {
        status: 'actionable',
        create_packet_type: 'exchange_freeze',
        authorized_sender: counsel,
      }),
      403,
      'authority_required',
    );
    assert.deepEqual(await read(b.alert_id), beforeB);
    // Without a packet, triage needs no authority.
    expectStatus(
      await c.post(`/v1/alerts/${b.alert_id}/triage`, { status: 'false_positive', notes: 'Our own wallet' }),
      200,
      'plain triage',
    );
  });
});
