/**
 * Network attribution privacy (Security II) over REST: every free-text field of a signal is
 * checked for unredacted addresses and emails in the notations that slipped through before
 * (trailing dot, integer IPv4, a labelled IPv6, a letter pair taken for a mask);
 * `legal_process_id` reaches the audit chain only as a keyed hash; `counsel_only` signals, and
 * correlations built from them, are shown only to counsel.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './helpers/server';
import { client, type Client } from './helpers/client';
import { expectError, expectStatus } from './helpers/expect';
import { makeKit, type Kit } from './helpers/fixtures';
import { evmAddress } from './helpers/fixtures-chain';
import { DocValidator } from './helpers/openapi-validate';

let srv: TestServer;
let c: Client;
let kit: Kit;
let doc: DocValidator;

before(async () => {
  srv = await startServer();
  c = client(srv.url, srv.adminKey);
  kit = await makeKit(c);
  doc = new DocValidator((await c.get('/v1/openapi.json')).body);
});
after(async () => srv?.stop());

const SIGNALS = '/v1/network-attribution/signals';

describe('every free-text field of a signal is redacted', () => {
  const leaks = [
    'Login from 203.0.113.77.',
    'ip=3405803853',
    'ip:2001:db8:85a3:0:0:8a2e:370:7334',
    'maxxine.doe@gmail.com',
    'fe80::1%eth0',
    'maxine.doe (at) gmail (dot) com',
  ];
  const fields: [string, (v: string) => Record<string, unknown>][] = [
    ['signal_type', (v) => ({ signal_type: v })],
    ['source', (v) => ({ source: v })],
    ['raw_value_redacted', (v) => ({ raw_value_redacted: v })],
    ['legal_process_id', (v) => ({ legal_process_id: v })],
    ['privacy_restrictions[1]', (v) => ({ privacy_restrictions: ['internal', v] })],
  ];

  test('a leak in any field, in any of the reported notations, is 400 naming the field', async () => {
    const m = await kit.matter();
    const base = { matter_id: m, signal_type: 'exchange_login_ip', source: 'Exchange A subpoena response' };
    for (const [param, body] of fields) {
      for (const leak of leaks) {
        const r = await c.post(SIGNALS, { ...base, ...body(leak) });
        expectError(r, 400, 'parameter_invalid', { param, label: `${param}: ${leak}` });
        assert.ok(!r.body.error.message.includes(leak), 'the refusal does not echo the value');
      }
    }
  });

  test('redacted notations are accepted', async () => {
    const m = await kit.matter();
    for (const raw of [
      'Login from 203.0.113.x.',
      'ip=203.0.113.0/24',
      'ip:2001:db8:85a3::/48',
      'm***.d**@gmail.com',
      'Chrome/120.0.0.0 on Windows',
    ]) {
      const r = await c.post(SIGNALS, {
        matter_id: m,
        signal_type: 'exchange_login_ip',
        source: 'Exchange A subpoena response',
        raw_value_redacted: raw,
        legal_process_id: 'SDNY 1:24-mc-00123',
      });
      expectStatus(r, 201, raw);
      doc.check('POST', SIGNALS, r, raw);
    }
  });
});

describe('legal_process_id and the audit chain', () => {
  test('the chain records a keyed hash of the legal process, never the identifier; the signal keeps it', async () => {
    const m = await kit.matter();
    const lp = 'GJ-2026-0042 sealed';
    const s = await c.post(SIGNALS, {
      matter_id: m,
      signal_type: 'exchange_login_ip',
      source: 'Exchange A',
      legal_process_id: lp,
      raw_value_redacted: '203.0.113.x',
    });
    expectStatus(s, 201);
    assert.equal(s.body.legal_process_id, lp);
    assert.equal(s.body.confidence_level, 'L1');
    assert.equal('legal_process_seal_key' in s.body, false);
    const e = await c.get(`/v1/audit/events/${s.body.audit_ref}`);
    expectStatus(e, 200);
    assert.match(e.body.details.legal_process_ref, /^hmac-sha256:[0-9a-f]{64}$/);
    const trail = await c.get(`/v1/audit/matters/${m}?limit=100`);
    expectStatus(trail, 200);
    assert.ok(!JSON.stringify(trail.body).includes('GJ-2026-0042'), 'no clear legal process in the audit trail');
    const again = await c.post(SIGNALS, { matter_id: m, signal_type: 't', source: 'Exchange B', legal_process_id: lp });
    const e2 = await c.get(`/v1/audit/events/${again.body.audit_ref}`);
    assert.notEqual(e2.body.details.legal_process_ref, e.body.details.legal_process_ref, 'keyed per signal');
    const read = await c.get(`/v1/network-attribution/${s.body.network_attribution_id}`);
    expectStatus(read, 200);
    assert.equal(read.body.legal_process_id, lp);
    assert.equal('legal_process_seal_key' in read.body, false);
    const verify = await c.get(`/v1/audit/matters/${m}/verify`);
    expectStatus(verify, 200);
    assert.equal(verify.body.valid, true);
  });
});

describe('counsel_only', () => {
  let analyst: Client;
  let counsel: Client;
  let networkKey: Client;

  before(async () => {
    const bound = async (role: string) => {
      const u = await c.post(`/v1/organizations/${kit.orgId}/users`, {
        email: `${kit.unique(role)}@example.test`,
        roles: [role],
      });
      expectStatus(u, 201);
      const k = await c.post(`/v1/organizations/${kit.orgId}/api-keys`, { scopes: ['*'], user_id: u.body.user_id });
      expectStatus(k, 201);
      return c.withKey(k.body.secret_once);
    };
    analyst = await bound('analyst');
    counsel = await bound('counsel');
    const k = await c.post(`/v1/organizations/${kit.orgId}/api-keys`, { scopes: ['network:*'] });
    networkKey = c.withKey(k.body.secret_once);
  });

  test('a counsel-only signal is 404 to everyone but counsel and admins; correlations leave it out', async () => {
    const m = await kit.matter();
    const w = evmAddress();
    const imp = await c.post('/v1/attribution/wallets/import', { matter_id: m, wallets: [{ address: w }] });
    expectStatus(imp, 201);
    const restricted = await analyst.post(SIGNALS, {
      matter_id: m,
      signal_type: 'isp_subscriber_record',
      source: 'ISP grand jury return',
      wallet_address: w,
      legal_process_id: 'GJ-77',
      raw_value_redacted: '198.51.100.x',
      privacy_restrictions: ['Counsel only'],
    });
    expectStatus(restricted, 201);
    assert.deepEqual(restricted.body.privacy_restrictions, ['counsel_only']);
    const id = restricted.body.network_attribution_id;

    for (const [who, cl] of [
      ['analyst', analyst],
      ['network:* key', networkKey],
    ] as const)
      expectError(await cl.get(`/v1/network-attribution/${id}`), 404, 'not_found', { label: who });
    for (const [who, cl] of [
      ['counsel', counsel],
      ['admin key', c],
    ] as const) {
      const r = await cl.get(`/v1/network-attribution/${id}`);
      expectStatus(r, 200, who);
      assert.equal(r.body.source, 'ISP grand jury return');
      doc.check('GET', '/v1/network-attribution/{network_attribution_id}', r, who);
    }

    // The audit chain keeps no free text of it.
    const e = await c.get(`/v1/audit/events/${restricted.body.audit_ref}`);
    assert.equal(e.body.details.source, undefined);
    assert.equal(e.body.details.signal_type, undefined);
    assert.equal(e.body.details.counsel_only, true);

    // An open signal it corroborates names it without its source.
    const open = await analyst.post(SIGNALS, {
      matter_id: m,
      signal_type: 'exchange_login_ip',
      source: 'Exchange A',
      wallet_address: w,
      raw_value_redacted: '198.51.100.x',
    });
    expectStatus(open, 201);
    assert.equal(open.body.confidence_level, 'L3');
    const basis = open.body.confidence_basis.join(' | ');
    assert.match(basis, new RegExp(`${id} \\(restricted to counsel\\)`));
    assert.ok(!basis.includes('grand jury'));

    // A non-counsel correlation leaves it out and says so; naming it is "no such signal".
    const mine = await analyst.post('/v1/network-attribution/correlate', { matter_id: m });
    expectStatus(mine, 200);
    doc.check('POST', '/v1/network-attribution/correlate', mine, 'analyst correlation');
    assert.equal(mine.body.signals_withheld, 1);
    assert.deepEqual(
      mine.body.correlations.map((x: any) => x.signal_id),
      [open.body.network_attribution_id],
    );
    assert.deepEqual(mine.body.legal_process_ids, []);
    expectError(
      await analyst.post('/v1/network-attribution/correlate', { matter_id: m, signal_ids: [id] }),
      400,
      'parameter_invalid',
      { param: 'signal_ids[0]' },
    );
    expectStatus(await analyst.get(`/v1/network-attribution/${mine.body.network_attribution_id}`), 200);

    // An admin's correlation uses it, and is itself counsel-only.
    const full = await c.post('/v1/network-attribution/correlate', { matter_id: m });
    expectStatus(full, 200);
    assert.equal(full.body.signals_withheld, 0);
    assert.equal(full.body.correlations.length, 2);
    assert.ok(full.body.privacy_restrictions.includes('counsel_only'));
    expectError(await analyst.get(`/v1/network-attribution/${full.body.network_attribution_id}`), 404, 'not_found');
    expectStatus(await counsel.get(`/v1/network-attribution/${full.body.network_attribution_id}`), 200);
  });
});
