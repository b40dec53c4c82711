/**
 * Judgments over HTTP: intake, GET, PATCH transitions, list, validation gates, deadlines,
 * enforcement profile and plan, and the authority gate on every gated operation.
 *
 * Everything goes through HTTP except one SQL statement that removes a matter's grants, to
 * reach the "never granted" state the API cannot produce. The sanctions gate screens the
 * debtor and the matter's known wallets against the shipped OFAC data at validation time.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './helpers/server';
import { client, matterWithAuthority, SOURCE, type Client } from './helpers/client';

let srv: TestServer;
let c: Client;

const JUDGMENT_REF = { source_type: 'judgment', title: 'Entered judgment', uri: 'https://docs.example/judgment.pdf' };
const COINBASE = '0x02466e547bfdab679fc49e96bbfc62b9747d997c';
const SUEX = '0x19aa5fe80d33a56d56c78e82ea5e50e5d80b4dff';
// Real entries of the SDN list in data/ofac-sdn (2025-11-19).
const SDN_PERSON = 'Jong Un Kim'; // 20157 "KIM, Jong Un", individual, DPRK3
const SDN_ALIAS = 'Fund Energy LLC'; // weak alias 'FUND ENERGY' of 44099 "FUND FOR DEVELOPMENT OF ENERGY COMPLEX ENERGY"
const SDN_TOKEN = 'Cimex Iberica Trading S.L.'; // contains 536 "CIMEX IBERICA", CUBA
const sanctionsGateOf = (v: any) => v.gates.find((g: any) => g.gate === 'sanctions');

function body(matterId: string, over: Record<string, unknown> = {}) {
  return {
    matter_id: matterId,
    court: 'Superior Court of California, County of Los Angeles',
    case_number: `BC-${Math.random().toString(36).slice(2, 9)}`,
    jurisdiction: 'US-CA',
    creditor: 'Acme Capital LLC',
    debtor: 'Dana Doe',
    amount: { amount: '25000.00', currency: 'USD' },
    date_entered: '2024-06-03',
    source_refs: [JUDGMENT_REF],
    ...over,
  };
}
async function intake(matterId: string, over: Record<string, unknown> = {}) {
  const r = await c.post('/v1/judgments/intake', body(matterId, over));
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body;
}
const gatesOf = (v: any) => Object.fromEntries(v.gates.map((g: any) => [g.gate, g.status]));

// Fixtures built before the one SQL statement.
let noGrant: string; // matter that never had a grant
let deleted: { matter: string; judgment: string }; // grant removed by SQL after intake
let ready: { matter: string; judgment: string }; // a debtor not on the SDN list
let paused: { matter: string; judgment: string }; // a debtor exactly on the SDN list

before(async () => {
  srv = await startServer();
  c = client(srv.url, srv.adminKey);
  noGrant = (await c.post('/v1/matters', { name: 'No grant', mode: 'enforcement' })).body.matter_id;
  const m1 = await matterWithAuthority(c, 'Grant deleted');
  deleted = { matter: m1, judgment: (await intake(m1)).judgment_id };
  const m2 = await matterWithAuthority(c, 'Ready v. Debtor');
  ready = {
    matter: m2,
    judgment: (
      await intake(m2, {
        court: 'U.S. District Court, S.D.N.Y.',
        jurisdiction: 'us-fed-ny',
        date_entered: '2023-03-01',
        amount: { amount: '100000', currency: 'USD' },
        post_judgment_interest: { rate_pct: '4.74', basis: '1-year CMT weekly average, week ending 2023-02-24' },
      })
    ).judgment_id,
  };
  const m3 = await matterWithAuthority(c, 'Paused v. Debtor');
  paused = { matter: m3, judgment: (await intake(m3, { debtor: SDN_PERSON })).judgment_id };
  await srv.sql('DELETE FROM authority_grants WHERE matter_id = $1', [deleted.matter]);
});
after(async () => srv?.stop());

describe('the authority gate on every gated operation', () => {
  const ops = (judgmentId: string, matterId: string): [string, () => Promise<any>][] => [
    ['intake', () => c.post('/v1/judgments/intake', body(matterId))],
    ['update', () => c.patch(`/v1/judgments/${judgmentId}`, { renewal_deadline: '2034-06-01' })],
    ['validate', () => c.post(`/v1/judgments/${judgmentId}/validate`, { consumer_debt: false })],
    ['profile', () => c.post(`/v1/judgments/${judgmentId}/enforcement-profile`, { profile: 'measured' })],
    ['plan', () => c.post(`/v1/judgments/${judgmentId}/enforcement-plan`, { profile: 'measured' })],
    [
      'ledger entry',
      () =>
        c.post('/v1/ledger/entries', {
          matter_id: matterId,
          type: 'cost',
          amount: { amount: '10', currency: 'USD' },
          description: 'Filing fee',
          occurred_at: '2024-07-01T00:00:00Z',
        }),
    ],
  ];

  test('before a grant: 403 authority_required naming the matter and why', async () => {
    for (const [name, call] of [
      ...ops(deleted.judgment, deleted.matter),
      ...ops(deleted.judgment, noGrant).filter(([n]) => n === 'intake' || n === 'ledger entry'),
    ]) {
      const r = await call();
      assert.equal(r.status, 403, `${name}: ${JSON.stringify(r.body)}`);
      assert.equal(r.body.error.code, 'authority_required');
      assert.match(r.body.error.message, /has no authority grant/);
    }
    // Reads are not gated.
    assert.equal((await c.get(`/v1/judgments/${deleted.judgment}`)).status, 200);
  });

  test('after revocation: 403 authority_required, and nothing was written', async () => {
    const m = await matterWithAuthority(c, 'Revoked');
    const j = await intake(m);
    const grant = (await c.get(`/v1/matters/${m}/authority`)).body.data[0].authority_id;
    assert.equal((await c.post(`/v1/matters/${m}/authority/${grant}/revoke`, {})).status, 200);
    const before = (await c.get(`/v1/audit/matters/${m}`)).body.data.length;
    for (const [name, call] of ops(j.judgment_id, m)) {
      const r = await call();
      assert.equal(r.status, 403, `${name}: ${JSON.stringify(r.body)}`);
      assert.equal(r.body.error.code, 'authority_required');
      assert.match(r.body.error.message, new RegExp(`${m} has had its authority revoked`));
    }
    assert.equal((await c.get(`/v1/audit/matters/${m}`)).body.data.length, before);
  });

  test('another tenant’s judgment is 404 before the gate', async () => {
    const org = (await c.post('/v1/organizations', { name: 'Other org', type: 'partner' })).body;
    const other = c.withKey(
      (await c.post(`/v1/organizations/${org.organization_id}/api-keys`, { scopes: ['*'] })).body.secret_once,
    );
    for (const r of [
      await other.get(`/v1/judgments/${ready.judgment}`),
      await other.patch(`/v1/judgments/${ready.judgment}`, { renewal_deadline: '2034-06-01' }),
      await other.post(`/v1/judgments/${ready.judgment}/validate`, {}),
      await other.get(`/v1/judgments/${ready.judgment}/deadlines`),
      await other.post('/v1/judgments/intake', body(ready.matter)),
    ]) {
      assert.equal(r.status, 404, JSON.stringify(r.body));
      assert.equal(r.body.error.code, 'not_found');
    }
    assert.deepEqual((await other.get(`/v1/judgments?matter_id=${ready.matter}`)).body.data, []);
  });
});

describe('intake, get, list', () => {
  test('the operations are in the OpenAPI document and health lists the modules', async () => {
    const doc = (await c.get('/v1/openapi.json')).body;
    for (const p of [
      '/v1/judgments',
      '/v1/judgments/intake',
      '/v1/judgments/{judgment_id}',
      '/v1/judgments/{judgment_id}/validate',
      '/v1/judgments/{judgment_id}/deadlines',
      '/v1/judgments/{judgment_id}/enforcement-profile',
      '/v1/judgments/{judgment_id}/enforcement-plan',
      '/v1/ledger/entries',
      '/v1/ledger/entries/{entry_id}',
      '/v1/ledger/matters/{matter_id}',
    ])
      assert.ok(doc.paths[p], p);
    const caps = (await c.get('/v1/capabilities')).body;
    for (const m of ['judgments', 'enforcement', 'ledger']) assert.ok(caps.modules.includes(m), m);
  });

  test('intake answers 200 with the judgment; bad input is a 4xx from the closed table', async () => {
    const m = await matterWithAuthority(c, 'Intake');
    const j = await c.post(
      '/v1/judgments/intake',
      body(m, { jurisdiction: ' us-ca ', type: 'default', consumer_debt: false }),
    );
    assert.equal(j.status, 200);
    assert.match(j.body.judgment_id, /^jdg_/);
    assert.match(j.body.audit_ref, /^eve_/);
    assert.equal(j.body.jurisdiction, 'US-CA');
    assert.equal(j.body.status, 'intake');
    assert.equal(j.body.type, 'default');
    assert.deepEqual(j.body.amount, { amount: 25000, amount_decimal: '25000', currency: 'USD' });
    assert.equal(j.body.date_entered, '2024-06-03');
    assert.equal(j.body.renewal_deadline, '2034-06-02');
    assert.equal(j.body.renewal_deadline_source, 'rules');
    assert.equal(j.body.jurisdiction_rules.known, true);
    const audit = await c.get(`/v1/audit/events/${j.body.audit_ref}`);
    assert.equal(audit.body.event_type, 'judgment.created');

    const cases: [Record<string, unknown>, number, string, string?][] = [
      [{ colour: 'red' }, 400, 'parameter_unknown', 'colour'],
      [{ jurisdiction: 'California' }, 400, 'parameter_invalid', 'jurisdiction'],
      [{ date_entered: '2024-02-30' }, 400, 'parameter_invalid', 'date_entered'],
      [{ date_entered: '' }, 400, 'parameter_invalid', 'date_entered'],
      [{ date_entered: 'yesterday' }, 400, 'parameter_invalid', 'date_entered'],
      [{ date_entered: '2999-01-01' }, 400, 'parameter_invalid', 'date_entered'],
      [{ amount: { amount: '-5', currency: 'USD' } }, 400, 'parameter_invalid', 'amount.amount'],
      [{ amount: { amount: 'lots', currency: 'USD' } }, 400, 'parameter_invalid', 'amount.amount'],
      [{ type: 'weird' }, 400, 'parameter_invalid', 'type'],
      [{ source_refs: [{ source_type: 'napkin' }] }, 400, 'parameter_invalid', 'source_refs[0].source_type'],
      [
        { post_judgment_interest: { rate_pct: '120', basis: 'x' } },
        400,
        'parameter_invalid',
        'post_judgment_interest.rate_pct',
      ],
      [{ matter_id: 'mtr_000000000000000000000000' }, 404, 'not_found', 'matter_id'],
      [{ case_number: j.body.case_number, court: j.body.court }, 409, 'conflict'],
    ];
    for (const [over, status, code, param] of cases) {
      const r = await c.post('/v1/judgments/intake', body(m, over));
      assert.equal(r.status, status, `${JSON.stringify(over)} → ${JSON.stringify(r.body)}`);
      assert.equal(r.body.error.code, code);
      if (param) assert.equal(r.body.error.param, param);
    }
    const { matter_id: _m, ...noMatter } = body(m);
    assert.equal((await c.post('/v1/judgments/intake', noMatter)).body.error.code, 'parameter_missing');
    const closed = await matterWithAuthority(c, 'Closed');
    await c.post(`/v1/matters/${closed}/close`, { reason: 'paid' });
    assert.equal((await c.post('/v1/judgments/intake', body(closed))).body.error.code, 'matter_closed');
  });

  test('an unknown jurisdiction is accepted, with review_required on the judgment, deadlines and interest', async () => {
    const m = await matterWithAuthority(c, 'Abroad');
    const j = await intake(m, { jurisdiction: 'FR-75', court: 'Tribunal judiciaire de Paris' });
    assert.equal(j.jurisdiction_rules.known, false);
    assert.equal(j.review_state.review_required, true);
    assert.equal(j.renewal_deadline, null);
    const g = (await c.get(`/v1/judgments/${j.judgment_id}`)).body;
    assert.equal(g.deadlines.length, 1);
    assert.equal(g.deadlines[0].date, null);
    assert.equal(g.deadlines[0].review_required, true);
    assert.equal(g.balance.review_required, true);
    assert.equal(g.balance.interest_rate_known, false);
  });

  test('GET returns the latest validation, upcoming deadlines, the linked matter and a balance summary', async () => {
    const g = await c.get(`/v1/judgments/${ready.judgment}`);
    assert.equal(g.status, 200);
    assert.equal(g.body.matter.matter_id, ready.matter);
    assert.equal(g.body.matter.authority_status, 'granted');
    assert.ok(g.body.deadlines.length >= 2);
    assert.ok(g.body.deadlines.every((d: any) => d.status === 'open'));
    assert.equal(g.body.balance.currency, 'USD');
    assert.equal(g.body.balance.interest_rate_known, true);
    assert.equal(g.body.balance.interest_basis.compounding, 'annual');
    assert.deepEqual(g.body.post_judgment_interest, {
      rate_pct: 4.74,
      basis: '1-year CMT weekly average, week ending 2023-02-24',
    });
    const v = await c.post(`/v1/judgments/${ready.judgment}/validate`, { checks: ['bankruptcy'] });
    const again = await c.get(`/v1/judgments/${ready.judgment}`);
    assert.equal(again.body.validation.validation_id, v.body.validation_id);
  });

  test('list: filters by matter, type and status with keyset paging; restricted keys see their matters only', async () => {
    const m = await matterWithAuthority(c, 'Listing');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await intake(m, { type: i % 2 ? 'default' : 'standard' })).judgment_id);
    const all = await c.get(`/v1/judgments?matter_id=${m}&limit=2`);
    assert.equal(all.body.object, 'list');
    assert.equal(all.body.url, '/v1/judgments');
    assert.deepEqual(
      all.body.data.map((j: any) => j.judgment_id),
      [ids[4], ids[3]],
    );
    assert.equal(all.body.has_more, true);
    const next = await c.get(`/v1/judgments?matter_id=${m}&limit=2&starting_after=${ids[3]}`);
    assert.deepEqual(
      next.body.data.map((j: any) => j.judgment_id),
      [ids[2], ids[1]],
    );
    const prev = await c.get(`/v1/judgments?matter_id=${m}&limit=2&ending_before=${ids[2]}`);
    assert.deepEqual(
      prev.body.data.map((j: any) => j.judgment_id),
      [ids[4], ids[3]],
    );
    assert.deepEqual(
      (await c.get(`/v1/judgments?matter_id=${m}&type=default`)).body.data.map((j: any) => j.judgment_id),
      [ids[3], ids[1]],
    );
    assert.equal((await c.get(`/v1/judgments?matter_id=${m}&status=validated`)).body.data.length, 0);
    assert.equal((await c.get('/v1/judgments?status=weird')).body.error.code, 'parameter_invalid');
    assert.equal((await c.get('/v1/judgments?colour=red')).body.error.code, 'parameter_unknown');
    const key = (
      await c.post(`/v1/organizations/${(await c.get('/v1/matters?limit=1')).body.data[0].organization_id}/api-keys`, {
        scopes: ['judgments:read'],
        matter_ids: [m],
      })
    ).body.secret_once;
    const restricted = c.withKey(key);
    const seen = (await restricted.get('/v1/judgments?limit=100')).body.data;
    assert.equal(seen.length, 5);
    assert.ok(seen.every((j: any) => j.matter_id === m));
    assert.deepEqual((await restricted.get(`/v1/judgments?matter_id=${ready.matter}`)).body.data, []);
    assert.equal((await restricted.get(`/v1/judgments/${ready.judgment}`)).status, 404);
    assert.equal((await restricted.post(`/v1/judgments/${ids[0]}/validate`, {})).body.error.code, 'insufficient_scope');
  });
});

describe('PATCH and the status machine', () => {
  test('invalid moves are 409 naming the current state and the allowed moves', async () => {
    const m = await matterWithAuthority(c, 'Transitions');
    const j = await intake(m);
    const bad = await c.patch(`/v1/judgments/${j.judgment_id}`, { status: 'enforcing' });
    assert.equal(bad.status, 409);
    assert.equal(bad.body.error.code, 'invalid_state_transition');
    assert.match(
      bad.body.error.message,
      /from 'intake' to 'enforcing'.*Allowed from 'intake': validated, needs_review, stayed, vacated/,
    );
    assert.deepEqual(bad.body.error.details.allowed, ['validated', 'needs_review', 'stayed', 'vacated']);
    const noValidation = await c.patch(`/v1/judgments/${j.judgment_id}`, { status: 'validated' });
    assert.equal(noValidation.status, 409);
    assert.match(noValidation.body.error.message, /passing validation/);
    assert.equal(
      (await c.patch(`/v1/judgments/${j.judgment_id}`, { status: 'needs_review' })).body.status,
      'needs_review',
    );
    assert.equal((await c.patch(`/v1/judgments/${j.judgment_id}`, { status: 'vacated' })).body.status, 'vacated');
    const dead = await c.patch(`/v1/judgments/${j.judgment_id}`, { status: 'stayed' });
    assert.match(dead.body.error.message, /none \(terminal state\)/);
    const deadlines = (await c.get(`/v1/judgments/${j.judgment_id}/deadlines?status=cancelled`)).body.data;
    assert.ok(deadlines.length >= 1, 'a vacated judgment cancels its deadlines');
    assert.equal((await c.get(`/v1/judgments/${j.judgment_id}/deadlines`)).body.data.length, 0);
  });

  test('a filed bankruptcy or an appeal stay moves the judgment to stayed; leaving needs a re-validation', async () => {
    const m = await matterWithAuthority(c, 'Stays');
    const j = await intake(m);
    const filed = await c.patch(`/v1/judgments/${j.judgment_id}`, { bankruptcy_status: 'filed' });
    assert.equal(filed.status, 200);
    assert.equal(filed.body.status, 'stayed');
    assert.equal(filed.body.bankruptcy_status, 'filed');
    const conflict = await c.patch(`/v1/judgments/${j.judgment_id}`, {
      bankruptcy_status: 'filed',
      status: 'enforcing',
    });
    assert.equal(conflict.body.error.code, 'parameter_invalid');
    const early = await c.patch(`/v1/judgments/${j.judgment_id}`, { status: 'needs_review' });
    assert.equal(early.status, 409);
    assert.match(early.body.error.message, /re-validation/);
    const v1 = await c.post(`/v1/judgments/${j.judgment_id}/validate`, { consumer_debt: false });
    assert.equal(gatesOf(v1.body).bankruptcy, 'fail');
    assert.equal(v1.body.judgment_status, 'stayed', 'the stay still holds');
    await c.patch(`/v1/judgments/${j.judgment_id}`, { bankruptcy_status: 'dismissed' });
    const v2 = await c.post(`/v1/judgments/${j.judgment_id}/validate`, { consumer_debt: false });
    assert.equal(gatesOf(v2.body).bankruptcy, 'pass');
    assert.equal(v2.body.judgment_status, 'validated', 'every gate passes again once the bankruptcy is dismissed');
    const appeal = await intake(m);
    const stayed = await c.patch(`/v1/judgments/${appeal.judgment_id}`, { appeal_stay_status: 'stayed' });
    assert.equal(stayed.body.status, 'stayed');
    assert.equal((await c.get(`/v1/audit/events/${stayed.body.audit_ref}`)).body.event_type, 'judgment.updated');
  });

  test('PATCH fields: renewal_deadline (supersedes the computed row), interest, review_state, source_refs', async () => {
    const m = await matterWithAuthority(c, 'Patching');
    const j = await intake(m, { source_refs: [] });
    const before = (await c.get(`/v1/judgments/${j.judgment_id}/deadlines`)).body.data;
    const renewal = before.find((d: any) => d.kind === 'renewal');
    assert.equal(renewal.date, '2034-06-02');
    const p = await c.patch(`/v1/judgments/${j.judgment_id}`, {
      renewal_deadline: '2036-01-15',
      post_judgment_interest: { rate_pct: '7', basis: 'government debtor (CCP 685.010)' },
      review_state: { review_required: true, review_status: 'in_review', review_owner: 'J. Counsel' },
      source_refs: [JUDGMENT_REF, SOURCE],
    });
    assert.equal(p.status, 200, JSON.stringify(p.body));
    assert.equal(p.body.renewal_deadline, '2036-01-15');
    assert.equal(p.body.renewal_deadline_source, 'user');
    assert.equal(p.body.review_state.review_owner, 'J. Counsel');
    assert.equal(p.body.source_refs.length, 2);
    const now = (await c.get(`/v1/judgments/${j.judgment_id}/deadlines`)).body.data;
    const newRow = now.find((d: any) => d.kind === 'renewal');
    assert.equal(newRow.date, '2036-01-15');
    assert.equal(newRow.source, 'user');
    assert.notEqual(newRow.deadline_id, renewal.deadline_id);
    const old = (await c.get(`/v1/judgments/${j.judgment_id}/deadlines?status=superseded`)).body.data;
    assert.deepEqual(
      old.map((d: any) => [d.deadline_id, d.date]),
      [[renewal.deadline_id, '2034-06-02']],
    );
    assert.equal(
      (await c.patch(`/v1/judgments/${j.judgment_id}`, { renewal_deadline: '2020-01-01' })).body.error.code,
      'parameter_invalid',
    );
    assert.equal(
      (await c.patch(`/v1/judgments/${j.judgment_id}`, { renewal_deadline: 'soon' })).body.error.code,
      'parameter_invalid',
    );
    assert.equal(
      (await c.patch(`/v1/judgments/${j.judgment_id}`, { status: 'paid' })).body.error.code,
      'parameter_invalid',
    );
    assert.equal(
      (await c.patch(`/v1/judgments/${j.judgment_id}`, { court: 'x' })).body.error.code,
      'parameter_unknown',
    );
  });
});

describe('validation', () => {
  test('each gate failing on its own, then all passing: validated, judgment.validated emitted', async () => {
    const id = ready.judgment;
    const facts = { consumer_debt: false };
    const alone = async (extra: Record<string, unknown>, gate: string, status: string) => {
      const v = await c.post(`/v1/judgments/${id}/validate`, { ...facts, ...extra });
      assert.equal(v.status, 200, JSON.stringify(v.body));
      const off = v.body.gates.filter((g: any) => g.status !== 'pass').map((g: any) => `${g.gate}:${g.status}`);
      assert.deepEqual(off, [`${gate}:${status}`]);
      assert.equal(v.body.enforcement_ready, false);
      return v.body;
    };
    const bk = await alone({ bankruptcy_known: true }, 'bankruptcy', 'fail');
    assert.match(bk.gates.find((g: any) => g.gate === 'bankruptcy').reasons[0], /362\(a\)/);
    assert.equal(bk.judgment_status, 'needs_review');
    await alone({ appeal_stay_known: true }, 'stay_appeal', 'fail');
    await c.patch(`/v1/judgments/${id}`, { source_refs: [] });
    const docs = await alone({}, 'required_documents', 'fail');
    assert.ok(docs.missing_items.some((i: string) => /source_ref of type 'judgment'/.test(i)));
    await c.patch(`/v1/judgments/${id}`, { source_refs: [JUDGMENT_REF] });

    const pass = await c.post(`/v1/judgments/${id}/validate`, facts);
    assert.equal(pass.status, 200);
    assert.deepEqual(Object.values(gatesOf(pass.body)), Array(7).fill('pass'));
    assert.equal(pass.body.enforcement_ready, true);
    assert.deepEqual(pass.body.missing_items, []);
    assert.equal(pass.body.judgment_status, 'validated');
    assert.match(pass.body.validation_id, /^val_/);
    assert.equal((await c.get(`/v1/audit/events/${pass.body.audit_ref}`)).body.event_type, 'judgment.validated');
    assert.match(pass.body.gates.find((g: any) => g.gate === 'stay_appeal').reasons[0], /ended on 2023-03-31/);
    const s = sanctionsGateOf(pass.body);
    assert.equal(s.reasons[0], 'Debtor screened against OFAC SDN list (sdn.csv, alt.csv, 2025-11-19): no match.');
    assert.match(s.reasons[1], /No wallet is known on the matter/);
    // The shipped list is older than 31 days: a clear result is flagged for review. (Data change:
    // alt.csv is shipped now, so the 'alias file not shipped' reason is gone.)
    assert.equal(pass.body.review_required, true);
    assert.ok(pass.body.review_reasons.some((r: string) => /OFAC SDN list of 2025-11-19 \(\d+ days old\)/.test(r)));
    assert.ok(!pass.body.review_reasons.some((r: string) => /alt\.csv is not shipped/.test(r)));
  });

  test('the remaining gates on their own: consumer status unknown, expired judgment', async () => {
    const m = ready.matter;
    const consumer = await intake(m);
    let v = (await c.post(`/v1/judgments/${consumer.judgment_id}/validate`, {})).body;
    assert.deepEqual(
      v.gates.filter((g: any) => g.status !== 'pass').map((g: any) => `${g.gate}:${g.status}`),
      ['consumer_commercial:review'],
    );
    assert.ok(v.missing_items.some((i: string) => /consumer_debt/.test(i)));
    v = (await c.post(`/v1/judgments/${consumer.judgment_id}/validate`, { consumer_debt: true })).body;
    assert.equal(v.enforcement_ready, true, 'consumer debt passes with required actions and review');
    assert.equal(v.review_required, true);
    assert.ok(
      v.gates.find((g: any) => g.gate === 'consumer_commercial').required_actions.some((a: string) => /1692g/.test(a)),
    );

    const old = await intake(m, { date_entered: '2013-05-01' });
    v = (await c.post(`/v1/judgments/${old.judgment_id}/validate`, { consumer_debt: false })).body;
    assert.deepEqual(
      v.gates.filter((g: any) => g.status !== 'pass').map((g: any) => `${g.gate}:${g.status}`),
      ['judgment_life:fail'],
    );
    assert.match(v.gates.find((g: any) => g.gate === 'judgment_life').reasons[0], /ended on 2023-04-30/);

    const assignee = await matterWithAuthority(c, 'Assigned');
    await c.post(`/v1/matters/${assignee}/claimants`, { name: 'Debt Buyer LLC', role: 'assignee' });
    const a = await intake(assignee);
    v = (
      await c.post(`/v1/judgments/${a.judgment_id}/validate`, { consumer_debt: false, checks: ['required_documents'] })
    ).body;
    assert.deepEqual(v.checks_run, ['required_documents']);
    assert.equal(v.gates[0].status, 'fail');
    assert.ok(v.missing_items.some((i: string) => /'assignment' for assignee Debt Buyer LLC/.test(i)));
    assert.equal(
      (await c.post(`/v1/judgments/${a.judgment_id}/validate`, { checks: ['nonsense'] })).body.error.code,
      'parameter_invalid',
    );
  });
});

describe('the sanctions gate screens at validation time', () => {
  const offGates = (v: any) => v.gates.filter((g: any) => g.status !== 'pass').map((g: any) => `${g.gate}:${g.status}`);

  test('a debtor exactly on the SDN list: fail naming the entry; not enforcement-ready, no profile', async () => {
    const v = await c.post(`/v1/judgments/${paused.judgment}/validate`, { consumer_debt: false });
    assert.equal(v.status, 200);
    assert.deepEqual(offGates(v.body), ['sanctions:fail']);
    assert.equal(v.body.enforcement_ready, false);
    assert.equal(v.body.judgment_status, 'needs_review');
    const s = sanctionsGateOf(v.body);
    assert.equal(
      s.reasons[0],
      "Debtor 'Jong Un Kim' matches SDN entry 20157 'KIM, Jong Un' (individual; program DPRK3) on the OFAC SDN list (sdn.csv, alt.csv, 2025-11-19).",
    );
    assert.match(s.required_actions[0], /Open a sanctions review.*collection is paused/);
    const profile = await c.post(`/v1/judgments/${paused.judgment}/enforcement-profile`, { profile: 'measured' });
    assert.equal(profile.body.error.code, 'judgment_not_enforcement_ready');
    assert.match(profile.body.error.message, /sanctions \(fail\)/);
  });

  test('an alias (equal after normalization) fails as a match; a fuzzy match is a potential match (review)', async () => {
    const m = await matterWithAuthority(c, 'Potential matches');
    const alias = await intake(m, { debtor: SDN_ALIAS });
    const a = (await c.post(`/v1/judgments/${alias.judgment_id}/validate`, { consumer_debt: false })).body;
    assert.deepEqual(offGates(a), ['sanctions:fail']);
    assert.match(
      sanctionsGateOf(a).reasons[0],
      // 'FUND ENERGY' is one of OFAC's weak a.k.a.s (Remarks of sdn.csv): the gate says so.
      /Debtor 'Fund Energy LLC' matches the weak alias 'FUND ENERGY' of SDN entry 44099/,
    );
    const m2 = await matterWithAuthority(c, 'Potential matches 2');
    const j = await intake(m2, { debtor: SDN_TOKEN });
    const v = (await c.post(`/v1/judgments/${j.judgment_id}/validate`, { consumer_debt: false })).body;
    assert.deepEqual(offGates(v), ['sanctions:review'], SDN_TOKEN);
    assert.equal(v.enforcement_ready, false);
    assert.match(
      sanctionsGateOf(v).reasons[0],
      /Potential match: debtor 'Cimex Iberica Trading S\.L\.' resembles SDN entry 536 'CIMEX IBERICA' \(entity; program CUBA\) \(score 1\)/,
    );
    assert.match(sanctionsGateOf(v).required_actions[0], /confirm or clear the potential match/);
  });

  test('a clean debtor with no screening on record passes, naming the dataset and its date', async () => {
    const m = await matterWithAuthority(c, 'Clean');
    const j = await intake(m, { debtor: 'Riverside Plumbing Supply, Inc.' });
    const v = (await c.post(`/v1/judgments/${j.judgment_id}/validate`, { consumer_debt: false })).body;
    assert.deepEqual(offGates(v), []);
    assert.equal(v.enforcement_ready, true);
    assert.equal(v.judgment_status, 'validated');
    assert.deepEqual(sanctionsGateOf(v).required_actions, []);
    assert.equal(
      sanctionsGateOf(v).reasons[0],
      'Debtor screened against OFAC SDN list (sdn.csv, alt.csv, 2025-11-19): no match.',
    );
  });

  test('an OFAC-listed wallet known on the matter (from an enforcement plan) fails the gate', async () => {
    const m = await matterWithAuthority(c, 'Listed wallet');
    const j = await intake(m);
    const clean = (await c.post(`/v1/judgments/${j.judgment_id}/validate`, { consumer_debt: false })).body;
    assert.equal(clean.enforcement_ready, true);
    const plan = await c.post(`/v1/judgments/${j.judgment_id}/enforcement-plan`, {
      profile: 'measured',
      known_wallets: [COINBASE],
    });
    assert.equal(plan.status, 200);
    let v = (await c.post(`/v1/judgments/${j.judgment_id}/validate`, { consumer_debt: false })).body;
    assert.equal(v.enforcement_ready, true);
    assert.match(
      sanctionsGateOf(v).reasons[1],
      /^1 wallet known on the matter screened against OFAC digital-currency addresses .*: no match\.$/,
    );
    await c.post(`/v1/judgments/${j.judgment_id}/enforcement-plan`, { profile: 'measured', known_wallets: [SUEX] });
    // Every judgment of the matter is affected: the pause is the matter's.
    for (const id of [j.judgment_id, (await intake(m)).judgment_id]) {
      v = (await c.post(`/v1/judgments/${id}/validate`, { consumer_debt: false })).body;
      assert.deepEqual(offGates(v), ['sanctions:fail']);
      assert.equal(v.enforcement_ready, false);
      assert.match(
        sanctionsGateOf(v).reasons[0],
        /^Wallet 0x19aa5fe80d33a56d56c78e82ea5e50e5d80b4dff known on the matter is on the OFAC SDN list: entry \d+ 'SUEX OTC, S\.R\.O\.' \(program CYBER2\)/i,
      );
      assert.ok(v.review_reasons.some((r: string) => /digital-currency addresses of 2025-11-19/.test(r)));
    }
    // The judgment stays `validated` (the status machine has no way back), but its latest
    // validation is not ready, so no enforcement profile can be set on it.
    assert.equal((await c.get(`/v1/judgments/${j.judgment_id}`)).body.validation.enforcement_ready, false);
    const profile = await c.post(`/v1/judgments/${j.judgment_id}/enforcement-profile`, { profile: 'measured' });
    assert.equal(profile.body.error.code, 'judgment_not_enforcement_ready');
  });
});

describe('deadlines from the rules (hand-computed)', () => {
  test('California, New York, Texas and a federal court', async () => {
    const m = await matterWithAuthority(c, 'Deadlines');
    const cases: [Record<string, unknown>, Record<string, [string | null, string]>][] = [
      // CA: 10 years from 2020-02-29 → anniversary 2030-02-28 → last day 2030-02-27 (CCP 683.020, 683.130).
      [{ jurisdiction: 'US-CA', date_entered: '2020-02-29' }, { renewal: ['2030-02-27', 'renewal'] }],
      // NY: lien 10 years (CPLR 5203(a)) → 2033-06-14; judgment 20 years (CPLR 211(b)) → 2043-06-14.
      [
        { jurisdiction: 'US-NY', date_entered: '2023-06-15' },
        { renewal: ['2033-06-14', 'renewal'], enforcement_period_end: ['2043-06-14', 'renewal'] },
      ],
      // TX: writ within 10 years (CPRC 34.001); revive within 2 years of dormancy (31.006);
      // 30 days after 2024-03-15 is Sunday 2024-04-14 → Monday 2024-04-15 (TRCP 627).
      [
        {
          jurisdiction: 'US-TX',
          date_entered: '2024-03-15',
          post_judgment_interest: { rate_pct: '8.5', basis: 'Texas OCCC judgment rate, March 2024' },
        },
        {
          renewal: ['2034-03-14', 'renewal'],
          revival_last_day: ['2036-03-14', 'renewal'],
          automatic_stay_end: ['2024-04-15', 'monitoring'],
        },
      ],
      // Federal (S.D.N.Y.): FRCP 62(a) 30 days → 2023-03-31 (Friday); life from New York.
      [
        { jurisdiction: 'US-FED-NY', date_entered: '2023-03-01' },
        {
          automatic_stay_end: ['2023-03-31', 'monitoring'],
          renewal: ['2033-02-28', 'renewal'],
          enforcement_period_end: ['2043-02-28', 'renewal'],
        },
      ],
    ];
    for (const [over, expected] of cases) {
      const j = await intake(m, over);
      const list = await c.get(`/v1/judgments/${j.judgment_id}/deadlines`);
      assert.equal(list.status, 200);
      assert.equal(list.body.url, `/v1/judgments/${j.judgment_id}/deadlines`);
      const got = Object.fromEntries(list.body.data.map((d: any) => [d.kind, [d.date, d.type]]));
      assert.deepEqual(got, expected, JSON.stringify(over));
      for (const d of list.body.data) {
        assert.match(d.deadline_id, /^dl_/);
        assert.ok(d.legal_basis);
        assert.ok(['open', 'passed'].includes(d.status));
      }
      if (over.jurisdiction === 'US-FED-NY') {
        assert.equal(list.body.data.find((d: any) => d.kind === 'automatic_stay_end').status, 'passed');
        assert.equal((await c.get(`/v1/judgments/${j.judgment_id}/deadlines?status=passed`)).body.data.length, 1);
      }
    }
    assert.equal(
      (await c.get(`/v1/judgments/${ready.judgment}/deadlines?status=nope`)).body.error.code,
      'parameter_invalid',
    );
    assert.equal((await c.get('/v1/judgments/jdg_000000000000000000000000/deadlines')).status, 404);
  });
});

describe('enforcement profile', () => {
  test('409 judgment_not_enforcement_ready before a ready validation; levels 1-3 after', async () => {
    const m = await matterWithAuthority(c, 'Profile');
    const j = await intake(m);
    const early = await c.post(`/v1/judgments/${j.judgment_id}/enforcement-profile`, { profile: 'assertive' });
    assert.equal(early.status, 409);
    assert.equal(early.body.error.code, 'judgment_not_enforcement_ready');
    await c.post(`/v1/judgments/${j.judgment_id}/validate`, {});
    const stillNot = await c.post(`/v1/judgments/${j.judgment_id}/enforcement-profile`, { profile: 'assertive' });
    assert.equal(stillNot.body.error.code, 'judgment_not_enforcement_ready');
    assert.match(stillNot.body.error.message, /consumer_commercial \(review\)/);

    const id = ready.judgment; // validated above
    for (const [profile, level] of [
      ['measured', 1],
      ['assertive', 2],
      ['maximum_lawful', 3],
    ] as const) {
      const r = await c.post(`/v1/judgments/${id}/enforcement-profile`, { profile, notes: 'Counsel approved' });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.equal(r.body.profile, profile);
      assert.equal(r.body.pressure_level, level);
      assert.equal(r.body.review_state.review_required, false);
    }
    const g = (await c.get(`/v1/judgments/${id}`)).body;
    assert.equal(g.enforcement_profile, 'maximum_lawful');
    assert.equal(g.pressure_level, 3);
    const audit = (await c.get(`/v1/audit/matters/${ready.matter}?event_type=judgment.enforcement_profile_set`)).body
      .data;
    assert.equal(audit.length, 3);
    assert.equal(
      (await c.post(`/v1/judgments/${id}/enforcement-profile`, { profile: 'nuclear' })).body.error.code,
      'parameter_invalid',
    );
  });

  test('maximum_lawful on a consumer debt sets review_state.review_required', async () => {
    const j = await intake(ready.matter);
    const v = await c.post(`/v1/judgments/${j.judgment_id}/validate`, { consumer_debt: true });
    assert.equal(v.body.enforcement_ready, true);
    const measured = await c.post(`/v1/judgments/${j.judgment_id}/enforcement-profile`, { profile: 'measured' });
    assert.equal(measured.body.review_state.review_required, false);
    const max = await c.post(`/v1/judgments/${j.judgment_id}/enforcement-profile`, { profile: 'maximum_lawful' });
    assert.equal(max.status, 200);
    assert.equal(max.body.review_state.review_required, true);
    assert.equal(max.body.review_state.review_status, 'pending');
    assert.equal((await c.get(`/v1/judgments/${j.judgment_id}`)).body.review_state.review_required, true);
  });
});

describe('enforcement plan', () => {
  test('a known exchange wallet: legal process, freeze and turnover by profile; recorded with plan_ id', async () => {
    const measured = await c.post(`/v1/judgments/${ready.judgment}/enforcement-plan`, {
      profile: 'measured',
      known_wallets: [COINBASE],
    });
    assert.equal(measured.status, 200, JSON.stringify(measured.body));
    assert.match(measured.body.plan_id, /^plan_/);
    assert.equal(measured.body.pressure_level, 1);
    const vasp = measured.body.priority_actions.find((a: any) => a.type === 'vasp_legal_process');
    assert.equal(vasp.packet_type, 'vasp_legal_process');
    assert.equal(vasp.target.value, 'coinbase');
    assert.match(vasp.rationale, /labeled 'Coinbase 8'/);
    assert.ok(vasp.legal_basis);
    assert.deepEqual(measured.body.blocked_actions, []);
    assert.equal(measured.body.wallets[0].category, 'exchange');
    assert.equal(measured.body.wallets[0].address, '0x02466E547BFDAb679fC49e96bBfc62B9747D997C');
    assert.equal(measured.body.gates.length, 7);
    assert.ok(measured.body.deadlines.length >= 1);
    assert.ok(measured.body.datasets.some((d: string) => /ofac-crypto/.test(d)));
    assert.ok(!measured.body.priority_actions.some((a: any) => a.type === 'exchange_freeze'));
    const max = await c.post(`/v1/judgments/${ready.judgment}/enforcement-plan`, {
      profile: 'maximum_lawful',
      known_wallets: [COINBASE],
      known_exchanges: ['Kraken'],
    });
    const types = max.body.priority_actions.map((a: any) => `${a.type}:${a.target.value}`);
    for (const t of [
      'vasp_legal_process:kraken',
      'exchange_freeze:coinbase',
      'exchange_freeze:kraken',
      'exchange_turnover:coinbase',
    ])
      assert.ok(types.includes(t), t);
    const audit = await c.get(`/v1/audit/events/${max.body.audit_ref}`);
    assert.equal(audit.body.event_type, 'enforcement_plan.created');
    assert.equal(audit.body.object_id, max.body.plan_id);
  });

  test('an OFAC-listed wallet blocks moving it (license), keeps restraint, calls for a sanctions review', async () => {
    // Its own matter: once the plan records the wallet, the matter's sanctions gate fails.
    const m = await matterWithAuthority(c, 'Listed wallet plan');
    const j = await intake(m, { jurisdiction: 'US-FED-NY', date_entered: '2023-03-01' });
    const p = await c.post(`/v1/judgments/${j.judgment_id}/enforcement-plan`, {
      profile: 'assertive',
      known_wallets: [SUEX, COINBASE],
    });
    assert.equal(p.status, 200);
    assert.equal(
      p.body.gates.find((g: any) => g.gate === 'sanctions').status,
      'fail',
      'the wallets the plan is given are screened too',
    );
    assert.equal(p.body.priority_actions[0].type, 'sanctions_review');
    assert.equal(p.body.priority_actions[0].packet_type, 'sanctions_review');
    assert.equal(p.body.wallets[0].category, 'sanctioned');
    assert.equal(p.body.wallets[0].sanctions[0].sdn_name, 'SUEX OTC, S.R.O.');
    const onListed = p.body.blocked_actions.filter((b: any) => b.target.value === p.body.wallets[0].address);
    assert.ok(onListed.length >= 1);
    assert.ok(onListed.every((b: any) => b.blocked_by === 'sanctions_license'));
    assert.ok(p.body.priority_actions.some((a: any) => a.type === 'vasp_legal_process'));
    assert.ok(p.body.priority_actions.some((a: any) => a.type === 'exchange_freeze'));
    assert.equal(p.body.review_required, true);
  });

  test('a bankruptcy blocks every collection action', async () => {
    const p = await c.post(`/v1/judgments/${ready.judgment}/enforcement-plan`, {
      profile: 'maximum_lawful',
      constraints: { bankruptcy_known: true },
      known_wallets: [COINBASE, 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
      known_exchanges: ['Kraken'],
    });
    assert.equal(p.status, 200);
    assert.ok(p.body.blocked_actions.length >= 8);
    assert.ok(p.body.blocked_actions.every((b: any) => b.blocked_by === 'bankruptcy'));
    assert.deepEqual([...new Set(p.body.priority_actions.map((a: any) => a.type))].sort(), [
      'bankruptcy_claim',
      'monitor_wallet',
    ]);
    assert.equal(p.body.gates.find((g: any) => g.gate === 'bankruptcy').status, 'fail');
    assert.deepEqual(p.body.constraints, {
      consumer_debt: false,
      bankruptcy_known: true,
      appeal_stay_known: false,
      sanctions_review_required: false,
      blocked_ownership_pct: null,
    });
    const bad = await c.post(`/v1/judgments/${ready.judgment}/enforcement-plan`, { constraints: { bankrupt: true } });
    assert.equal(bad.body.error.code, 'parameter_unknown');
    assert.equal(bad.body.error.param, 'constraints.bankrupt');
  });
});
