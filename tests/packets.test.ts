/**
 * Packets over HTTP: every family creates its packet, references are checked, readiness rules,
 * the review state machine with packets:approve, events, and exports in every format through
 * their signed links (poppler renders the PDF, unzip -t and sha256sum -c pass the ZIP), with
 * the claimant profile leaving no full wallet address and no internal note anywhere.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, type TestServer } from './helpers/server';
import { client, SOURCE, type Client } from './helpers/client';
import { expectError, expectStatus } from './helpers/expect';
import { makeKit, type Kit } from './helpers/fixtures';
import {
  COINBASE_WALLET,
  COURT_ORDER_REF,
  orgUser,
  packetBody,
  packetSetup,
  PROOF_REF,
  type PacketSetup,
} from './helpers/fixtures-packets';

const SIGNING_KEY = 'packets-test-download-signing-key';
const INTERNAL_NOTE = 'INTERNAL-ONLY settlement posture 7731';
/** A second EVM wallet (unlabelled; valid EIP-55 lowercase form). */
const SELF_CUSTODY = '0x8ba1f109551bd432803012645ac136ddd64dba72';

let srv: TestServer;
let c: Client;
let k: Kit;
let work: string;

before(async () => {
  srv = await startServer({ MD_DOWNLOAD_SIGNING_KEY: SIGNING_KEY, MD_WORKER_POLL_MS: '200' });
  c = client(srv.url, srv.adminKey);
  k = await makeKit(c);
  work = mkdtempSync(path.join(tmpdir(), 'md-packets-'));
});
after(async () => {
  await srv?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

async function create(family: string, s: PacketSetup, over: Record<string, unknown> = {}) {
  const r = await c.post(`/v1/packets/${family}`, packetBody(s, over));
  expectStatus(r, 200, `create ${family}`);
  return r.body;
}

async function waitReady(exportId: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const r = await c.get(`/v1/exports/${exportId}`);
    expectStatus(r, 200, 'get export');
    if (r.body.status !== 'pending') return r.body;
    if (Date.now() > deadline) throw new Error(`export ${exportId} still pending`);
    await new Promise((res) => setTimeout(res, 150));
  }
}

async function exportFile(packetId: string, format: string, profile: string) {
  const e = await c.post(`/v1/packets/${packetId}/export`, { format, redaction_profile: profile });
  expectStatus(e, 200, `export ${format}`);
  assert.equal(e.body.status, 'pending');
  assert.equal(e.body.download_url, null);
  assert.match(e.body.audit_id, /^eve_/);
  const ready = await waitReady(e.body.export_id);
  assert.equal(ready.status, 'ready', JSON.stringify(ready));
  const res = await fetch(ready.download_url); // no API key
  assert.equal(res.status, 200);
  const bytes = Buffer.from(await res.arrayBuffer());
  assert.equal(bytes.length, ready.size_bytes);
  assert.equal(createHmac('sha256', 'x').update('').digest('hex').length, 64);
  const file = path.join(work, `${ready.export_id}.${format}`);
  writeFileSync(file, bytes);
  assert.equal(execFileSync('sha256sum', [file]).toString().split(' ')[0], ready.sha256);
  return { exp: ready, file, bytes };
}

const pdfText = (file: string) => execFileSync('pdftotext', ['-layout', file, '-']).toString();

describe('creation', () => {
  let s: PacketSetup;
  before(async () => {
    s = await packetSetup(k);
  });

  test('every family creates its packet, with the default packet_type and contents from the matter', async () => {
    const families: [string, string, string][] = [
      ['exchange-intercept', 'exchange_intercept', 'preservation'],
      ['vasp-legal-process', 'vasp_legal_process', 'subpoena'],
      ['exchange-freeze', 'exchange_freeze', 'freeze'],
      ['exchange-turnover', 'exchange_turnover', 'turnover'],
      ['turnover-workflow', 'turnover_workflow', 'self_custody_turnover'],
      ['law-enforcement-referral', 'law_enforcement_referral', 'referral'],
    ];
    for (const [p, type, defaultType] of families) {
      const b = await create(p, s);
      assert.match(b.packet_id, /^pac_/);
      assert.equal(b.type, type);
      assert.equal(b.packet_type, defaultType);
      assert.equal(b.status, 'draft');
      assert.equal(b.authorized_sender.user_id, s.senderId);
      assert.deepEqual(b.authorized_sender.roles, ['counsel']);
      // Addressed to the exchange the Coinbase wallet's hypothesis points to (packetSetup registers it).
      const toExchange = !['turnover_workflow', 'law_enforcement_referral'].includes(type);
      assert.equal(b.recipient?.counterparty_name ?? null, toExchange ? 'Coinbase, Inc.' : null);
      assert.equal(b.contents.judgment_summary.judgment_id, s.judgmentId);
      assert.equal(b.contents.wallets[0].category, 'exchange');
      assert.equal(b.contents.exchange_hypotheses[0].basis, 'label');
      assert.equal(b.contents.legal_basis.authority_id, s.grantId);
      assert.ok(
        b.contents.source_manifest.length >= 3 &&
          b.contents.source_manifest.every((m: any) => /^[0-9a-f]{64}$/.test(m.hash)),
      );
      assert.equal(b.readiness.ready, true, `${type}: ${JSON.stringify(b.readiness)}`);
      assert.ok(b.readiness.checks.every((x: any) => x.reason.length > 0));
      assert.equal(b.audit.matter_id, s.matterId);
      if (type === 'turnover_workflow') assert.equal(b.contents.noncompliance_tracker.status, 'not_started');
      if (type === 'law_enforcement_referral') {
        assert.equal(b.contents.request.sender.capacity, 'Counsel for the judgment creditor');
        assert.equal(b.readiness.checks.find((x: any) => x.check === 'recipient_channel').status, 'review');
      }
      const got = await c.get(`/v1/packets/${b.packet_id}`);
      expectStatus(got, 200);
      assert.deepEqual(got.body.contents, b.contents);
    }
    const list = await c.get(`/v1/packets?matter_id=${s.matterId}&type=exchange_freeze`);
    expectStatus(list, 200);
    assert.equal(list.body.data.length, 1);
    assert.equal(list.body.url, '/v1/packets');
    const events = await c.get(`/v1/events?matter_id=${s.matterId}&type=packet.created`);
    expectStatus(events, 200);
    assert.equal(events.body.data.length, 6);
  });

  test('a wrong packet_type, a foreign or revoked grant, a sender outside the organization, a foreign judgment or a bad wallet is 400', async () => {
    const bad = async (over: Record<string, unknown>, param: string, family = 'exchange-freeze') =>
      expectError(await c.post(`/v1/packets/${family}`, packetBody(s, over)), 400, 'parameter_invalid', {
        param,
        label: param,
      });
    await bad({ packet_type: 'turnover' }, 'packet_type');
    await bad({ packet_type: 'referral' }, 'packet_type', 'exchange-intercept');
    const other = await packetSetup(k);
    await bad({ legal_authority_id: other.grantId }, 'legal_authority_id');
    await bad({ legal_authority_id: 'aut_000000000000000000000000' }, 'legal_authority_id');
    const g2 = await k.grant(s.matterId);
    expectStatus(await c.post(`/v1/matters/${s.matterId}/authority/${g2}/revoke`, { reason: 'test' }), 200);
    await bad({ legal_authority_id: g2 }, 'legal_authority_id');
    await bad({ judgment_id: other.judgmentId }, 'judgment_id');
    // A user of a child organization is outside this one.
    const child = await c.post('/v1/organizations', { name: k.unique('Child'), type: 'partner' });
    expectStatus(child, 201);
    const outsider = await c.post(`/v1/organizations/${child.body.organization_id}/users`, {
      email: `${k.unique('out')}@example.test`,
      roles: ['counsel'],
    });
    expectStatus(outsider, 201);
    await bad({ authorized_sender: outsider.body.user_id }, 'authorized_sender');
    // A user restricted to other matters cannot see this one.
    const restricted = await c.post(`/v1/organizations/${k.orgId}/users`, {
      email: `${k.unique('r')}@example.test`,
      roles: ['counsel'],
      matter_ids: [other.matterId],
    });
    expectStatus(restricted, 201);
    await bad({ authorized_sender: restricted.body.user_id }, 'authorized_sender');
    await bad({ wallets: [COINBASE_WALLET, '0x12345'] }, 'wallets[1]');
    // Unknown fields are refused, not ignored.
    expectError(
      await c.post('/v1/packets/exchange-freeze', { ...packetBody(s), recipient: 'x' }),
      400,
      'parameter_unknown',
      { param: 'recipient' },
    );
  });
});

describe('readiness and review', () => {
  test('a counsel-only family with an operator sender is not ready, and approving it is 409 packet_not_ready', async () => {
    const s = await packetSetup(k, { roles: ['operator'] });
    const p = await create('vasp-legal-process', s, { packet_type: 'records_request' });
    assert.equal(p.readiness.ready, false);
    const chk = p.readiness.checks.find((x: any) => x.check === 'counsel_sender');
    assert.equal(chk.status, 'fail');
    assert.match(chk.reason, /counsel/);
    assert.ok(p.readiness.missing_items.some((m: string) => /counsel/.test(m)));
    expectStatus(await c.patch(`/v1/packets/${p.packet_id}`, { status: 'in_review' }), 200);
    const r = await c.patch(`/v1/packets/${p.packet_id}`, { status: 'approved' });
    expectError(r, 409, 'packet_not_ready');
    assert.match(r.body.error.message, /counsel/);
    // Other rules: no court order for a freeze, no proof of control for a turnover workflow.
    // A California forum has no attorney-issued restraint, so its freeze needs the order; in New
    // York the attorney's restraining notice (CPLR 5222(a)) needs none.
    const s2 = await packetSetup(k, {
      judgment: { jurisdiction: 'US-FED-CA', court: 'U.S. District Court, C.D. Cal.' },
    });
    const freeze = await create('exchange-freeze', s2, { source_refs: [SOURCE] });
    assert.equal(freeze.readiness.checks.find((x: any) => x.check === 'court_order').status, 'fail');
    const nyFreeze = await create('exchange-freeze', await packetSetup(k), { source_refs: [SOURCE] });
    assert.match(nyFreeze.readiness.checks.find((x: any) => x.check === 'court_order').reason, /CPLR 5222\(a\)/);
    const tw = await create('turnover-workflow', s2, { source_refs: [COURT_ORDER_REF] });
    assert.deepEqual(
      tw.readiness.checks.filter((x: any) => x.status === 'fail').map((x: any) => x.check),
      ['proof_of_control'],
    );
    const ok = await create('turnover-workflow', s2, { source_refs: [COURT_ORDER_REF, PROOF_REF] });
    assert.equal(ok.readiness.ready, true);
  });

  test('approval needs packets:approve: an operator is refused, counsel may', async () => {
    const s = await packetSetup(k);
    const p = await create('exchange-intercept', s);
    expectStatus(await c.patch(`/v1/packets/${p.packet_id}`, { status: 'in_review' }), 200);
    const operator = await orgUser(k, ['operator']);
    const opKey = await c.post(`/v1/organizations/${k.orgId}/api-keys`, {
      name: 'op',
      scopes: ['*'],
      user_id: operator,
    });
    expectStatus(opKey, 201);
    const asOperator = c.withKey(opKey.body.secret_once);
    const refused = await asOperator.patch(`/v1/packets/${p.packet_id}`, { status: 'approved' });
    expectError(refused, 403, 'insufficient_scope');
    assert.equal(refused.body.error.required_scope, 'packets:approve');
    const scoped = await c.post(`/v1/organizations/${k.orgId}/api-keys`, {
      name: 'w',
      scopes: ['packets:write', 'packets:read'],
    });
    expectError(
      await c.withKey(scoped.body.secret_once).patch(`/v1/packets/${p.packet_id}`, { status: 'approved' }),
      403,
      'insufficient_scope',
    );
    // Nor can the verdict be typed into review_state.
    expectError(
      await asOperator.patch(`/v1/packets/${p.packet_id}`, { review_state: { review_status: 'approved' } }),
      400,
      'parameter_invalid',
      { param: 'review_state.review_status' },
    );
    const counsel = await c.post(`/v1/organizations/${k.orgId}/api-keys`, {
      name: 'c',
      scopes: ['*'],
      user_id: s.senderId,
    });
    expectStatus(counsel, 201);
    const approved = await c
      .withKey(counsel.body.secret_once)
      .patch(`/v1/packets/${p.packet_id}`, { status: 'approved' });
    expectStatus(approved, 200);
    assert.equal(approved.body.review_state.review_status, 'approved');
  });

  test('the state machine: every allowed move, and refused ones', async () => {
    const s = await packetSetup(k);
    const fresh = async () => (await create('exchange-intercept', s)).packet_id as string;
    const move = async (id: string, status: string, extra: Record<string, unknown> = {}) => {
      const r = await c.patch(`/v1/packets/${id}`, { status, ...extra });
      expectStatus(r, 200, `→ ${status}`);
      assert.equal(r.body.status, status);
      assert.match(r.headers.get('md-audit-ref')!, /^eve_/);
      return r.body;
    };
    const refused = async (id: string, status: string, current: string) => {
      const r = await c.patch(`/v1/packets/${id}`, { status });
      expectError(r, 409, 'invalid_state_transition', { label: `${current} → ${status}` });
      assert.match(r.body.error.message, new RegExp(`'${current}'`));
      return r;
    };
    // draft → in_review → draft (with a reason) → in_review → approved → in_review → approved → sent → responded
    const a = await fresh();
    const r0 = await refused(a, 'approved', 'draft');
    assert.match(r0.body.error.message, /in_review, withdrawn/);
    await move(a, 'in_review');
    expectError(await c.patch(`/v1/packets/${a}`, { status: 'draft' }), 400, 'parameter_missing', { param: 'notes' });
    await move(a, 'draft', { notes: 'Add the court order' });
    await move(a, 'in_review');
    await move(a, 'approved');
    await move(a, 'in_review');
    await move(a, 'approved');
    await refused(a, 'responded', 'approved');
    await move(a, 'sent');
    await refused(a, 'withdrawn', 'sent');
    const immut = await c.patch(`/v1/packets/${a}`, { review_state: { review_notes: 'late edit' } });
    expectError(immut, 409, 'invalid_state_transition');
    assert.match(immut.body.error.message, /only the response/);
    await move(a, 'responded', { notes: 'Exchange confirmed the hold' });
    await refused(a, 'rejected', 'responded');
    // sent → rejected (the recipient refused)
    const b = await fresh();
    for (const st of ['in_review', 'approved', 'sent']) await move(b, st);
    await move(b, 'rejected', { notes: 'Exchange refused without an order' });
    // in_review → rejected needs a reason; withdrawn from draft, in_review and approved
    const c1 = await fresh();
    await move(c1, 'in_review');
    expectError(await c.patch(`/v1/packets/${c1}`, { status: 'rejected' }), 400, 'parameter_missing');
    const rej = await move(c1, 'rejected', { review_state: { review_notes: 'Wrong exchange entity' } });
    assert.equal(rej.review_state.review_status, 'rejected');
    await refused(c1, 'in_review', 'rejected');
    const d = await fresh();
    await move(d, 'withdrawn');
    const e = await fresh();
    await move(e, 'in_review');
    await move(e, 'withdrawn');
    const f = await fresh();
    await move(f, 'in_review');
    await move(f, 'approved');
    await move(f, 'withdrawn');
    const updates = await c.get(`/v1/events?matter_id=${s.matterId}&type=packet.updated&limit=100`);
    expectStatus(updates, 200);
    assert.ok(updates.body.data.length >= 20);
    const audit = await c.get(`/v1/audit/matters/${s.matterId}?event_type=packet.updated&limit=100`);
    expectStatus(audit, 200);
    assert.equal(audit.body.data.length, updates.body.data.length);
    expectStatus(await c.get(`/v1/audit/matters/${s.matterId}/verify`), 200);
  });
});

describe('exports', () => {
  let s: PacketSetup;
  let packet: any;
  let caseNumber: string;
  before(async () => {
    s = await packetSetup(k);
    packet = await create('exchange-turnover', s, { wallets: [COINBASE_WALLET, SELF_CUSTODY], notes: INTERNAL_NOTE });
    caseNumber = packet.contents.judgment_summary.case_number;
  });

  test('PDF: poppler renders it and its text shows the case number and the export id', async () => {
    const { exp, file } = await exportFile(packet.packet_id, 'pdf', 'none');
    execFileSync('pdftoppm', ['-png', '-r', '30', '-f', '1', '-l', '2', file, path.join(work, 'page')]);
    // pdftoppm pads page numbers to the digits of the page count (page-1.png, or page-01.png).
    const first = readdirSync(work).find((f) => /^page-0*1\.png$/.test(f));
    assert.ok(first && readFileSync(path.join(work, first)).length > 1000, `page 1 rendered: ${first}`);
    const text = pdfText(file);
    assert.ok(text.includes(caseNumber), 'case number');
    assert.ok(text.includes(exp.export_id), 'export id');
    assert.match(text, /Page 1 of \d+/);
    assert.ok(text.includes(INTERNAL_NOTE), 'profile none keeps the internal note');
    assert.ok(text.toLowerCase().includes(COINBASE_WALLET), 'profile none keeps full addresses (EIP-55 checksummed)');
    const events = await c.get(`/v1/events?matter_id=${s.matterId}&type=packet.exported`);
    assert.ok(events.body.data.some((e: any) => e.data.object.export_id === exp.export_id));
    const got = await c.get(`/v1/packets/${packet.packet_id}`);
    assert.equal(got.body.latest_export.export_id, exp.export_id);
  });

  test('ZIP: unzip -t and sha256sum -c SHA256SUMS pass; JSON is the canonical bundle', async () => {
    const { file } = await exportFile(packet.packet_id, 'zip', 'none');
    execFileSync('unzip', ['-t', file]);
    const dir = path.join(work, 'unzipped');
    execFileSync('unzip', ['-o', '-q', file, '-d', dir]);
    const sums = readFileSync(path.join(dir, 'SHA256SUMS'), 'utf8');
    for (const name of ['packet.pdf', 'packet.json', 'sources/manifest.json'])
      assert.ok(sums.includes(`  ${name}\n`), name);
    execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: dir });
    const bundle = JSON.parse(readFileSync(path.join(dir, 'packet.json'), 'utf8'));
    assert.equal(bundle.packet.packet_id, packet.packet_id);
    const { bytes, exp } = await exportFile(packet.packet_id, 'json', 'none');
    const j = JSON.parse(bytes.toString('utf8'));
    assert.equal(j.object, 'packet_bundle');
    assert.equal(j.export.export_id, exp.export_id);
    assert.deepEqual(Object.keys(j), Object.keys(j).slice().sort(), 'canonical: sorted keys');
    assert.equal(j.contents.judgment_summary.amount.amount, 100000);
    assert.ok(j.audit_trail.some((e: any) => e.event_type === 'packet.created'));
  });

  test('the claimant profile leaves no full wallet address and no internal note in any format', async () => {
    const texts: Record<string, string> = {};
    texts.pdf = pdfText((await exportFile(packet.packet_id, 'pdf', 'claimant')).file);
    texts.json = (await exportFile(packet.packet_id, 'json', 'claimant')).bytes.toString('utf8');
    const { file } = await exportFile(packet.packet_id, 'zip', 'claimant');
    const dir = path.join(work, 'claimant-zip');
    execFileSync('unzip', ['-o', '-q', file, '-d', dir]);
    execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: dir });
    texts.zip =
      ['packet.json', 'sources/manifest.json', 'SHA256SUMS']
        .map((n) => readFileSync(path.join(dir, n), 'utf8'))
        .join('\n') + pdfText(path.join(dir, 'packet.pdf'));
    for (const [format, t] of Object.entries(texts)) {
      for (const w of [COINBASE_WALLET, SELF_CUSTODY]) {
        assert.ok(!t.toLowerCase().includes(w.toLowerCase()), `${format}: full address ${w}`);
        assert.ok(t.toLowerCase().includes(`${w.slice(0, 6)}...${w.slice(-4)}`), `${format}: shortened ${w}`);
      }
      assert.ok(!t.includes(INTERNAL_NOTE), `${format}: internal note`);
      assert.ok(!t.includes('contingency_fee_pct'), `${format}: operator economics`);
    }
    const ext = (await exportFile(packet.packet_id, 'json', 'external')).bytes.toString('utf8');
    assert.ok(!ext.includes(INTERNAL_NOTE) && ext.toLowerCase().includes(COINBASE_WALLET));
  });

  test('signed links: no API key needed; an altered or expired link is 403 in the error format', async () => {
    const { exp } = await exportFile(packet.packet_id, 'json', 'none');
    const fresh = await c.get(`/v1/exports/${exp.export_id}`);
    assert.notEqual(fresh.body.download_url, null);
    assert.ok(Date.parse(fresh.body.expires_at) - Date.now() <= 15 * 60 * 1000 + 1000);
    const u = new URL(fresh.body.download_url);
    const sig = u.searchParams.get('signature')!;
    const altered = new URL(u);
    altered.searchParams.set('signature', (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1));
    const anon = client(srv.url, null);
    const r1 = await anon.get(altered.pathname + altered.search);
    expectError(r1, 403, 'download_link_invalid');
    const other = new URL(u);
    other.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 60));
    expectError(await anon.get(other.pathname + other.search), 403, 'download_link_invalid');
    const past = Math.floor(Date.now() / 1000) - 5;
    const expiredSig = createHmac('sha256', SIGNING_KEY).update(`${exp.export_id}.${past}`).digest('hex');
    const r2 = await anon.get(`/v1/exports/${exp.export_id}/download?expires=${past}&signature=${expiredSig}`);
    expectError(r2, 403, 'download_link_invalid');
    assert.match(r2.body.error.message, /expired/);
    expectError(await anon.get(`/v1/exports/${exp.export_id}`), 401, 'authentication_required');
    expectError(await c.post(`/v1/packets/${packet.packet_id}/export`, { format: 'docx' }), 400, 'parameter_invalid', {
      param: 'format',
    });
    expectError(
      await c.post(`/v1/packets/${packet.packet_id}/export`, { format: 'pdf', redaction_profile: 'public' }),
      400,
      'parameter_invalid',
      { param: 'redaction_profile' },
    );
  });
});
