/**
 * Who may export what, and what an export may show (attack review "Security II"):
 * - creating an export takes the object's read scope besides the export scope (packets,
 *   reports; issuer remediations in the console), 403 insufficient_scope naming it;
 * - issuer remediation exports follow the redaction profile in every format: no stage notes
 *   outside `none`, and under `claimant` no destination certificate owner, custodian, signer
 *   model or full address;
 * - packet exports drop `source_refs[].admissibility_notes` under `external` and `claimant`;
 * - a custom audit event cannot name an object of another matter (404 on object_id), and a
 *   packet export's audit trail holds its own matter's events only.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, type TestServer } from './helpers/server';
import { client, SOURCE, type Client } from './helpers/client';
import { consoleSession, type ConsoleSession } from './helpers/console-session';
import { expectError, expectStatus } from './helpers/expect';
import { makeKit, type Kit } from './helpers/fixtures';
import { COURT_ORDER_REF, packetBody, packetSetup } from './helpers/fixtures-packets';
import { certificateBody, decideCertificate, remediationBody } from './helpers/fixtures-issuer';
import { downloadExport, waitForExport } from './helpers/exports';

const ADMISSIBILITY = 'ADMISSIBILITY-7731: hearsay risk, authenticate through the custodian';
const STAGE_NOTE = 'STAGE-NOTE-4410: counsel expects the issuer to push back on timing';
const OWNER = 'Owner-Secret Holdings 5521 LLC';
const CUSTODIAN = 'Custodian-Secret Trust 5522';

let srv: TestServer;
let c: Client;
let k: Kit;
let counsel: ConsoleSession;
let work: string;

before(async () => {
  srv = await startServer({ MD_WORKER_POLL_MS: '100' });
  c = client(srv.url, srv.adminKey);
  k = await makeKit(c);
  counsel = await consoleSession(srv.url);
  work = mkdtempSync(path.join(tmpdir(), 'md-exports-access-'));
});
after(async () => {
  await srv?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

async function keyWith(...scopes: string[]): Promise<Client> {
  const r = await c.post(`/v1/organizations/${k.orgId}/api-keys`, { name: k.unique('exports key'), scopes });
  expectStatus(r, 201, `key with ${scopes.join(' ')}`);
  return c.withKey(r.body.secret_once);
}

/** The file of a ready export, and its text (pdftotext for a PDF; every member of a ZIP). */
async function exportedText(exportId: string, format: string): Promise<string> {
  const ready = await waitForExport(c, exportId);
  assert.equal(ready.status, 'ready', JSON.stringify(ready));
  const bytes = await downloadExport(ready);
  const file = path.join(work, `${exportId}.${format}`);
  writeFileSync(file, bytes);
  if (format === 'json') return bytes.toString('utf8');
  if (format === 'pdf') return execFileSync('pdftotext', ['-layout', file, '-']).toString();
  const dir = path.join(work, exportId);
  execFileSync('unzip', ['-o', '-q', file, '-d', dir]);
  execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: dir });
  const names = execFileSync('find', [dir, '-type', 'f']).toString().trim().split('\n');
  return names
    .map((n) =>
      n.endsWith('.pdf') ? execFileSync('pdftotext', ['-layout', n, '-']).toString() : readFileSync(n, 'utf8'),
    )
    .join('\n');
}

describe('exporting takes the read scope of the object', () => {
  test('a packet: packets:export + exports:read without packets:read is 403 naming packets:read', async () => {
    const s = await packetSetup(k);
    const p = await c.post('/v1/packets/exchange-intercept', packetBody(s));
    expectStatus(p, 200);
    const exportOnly = await keyWith('packets:export', 'exports:read');
    const refused = await exportOnly.post(`/v1/packets/${p.body.packet_id}/export`, { format: 'json' });
    expectError(refused, 403, 'insufficient_scope');
    assert.equal(refused.body.error.required_scope, 'packets:read');
    assert.match(refused.body.error.message, /packets:read/);
    const got = await c.get(`/v1/packets/${p.body.packet_id}`);
    assert.equal(got.body.latest_export, null, 'nothing was exported');
    const withRead = await keyWith('packets:export', 'exports:read', 'packets:read');
    const ok = await withRead.post(`/v1/packets/${p.body.packet_id}/export`, { format: 'json' });
    expectStatus(ok, 200);
    assert.equal((await waitForExport(withRead, ok.body.export_id)).status, 'ready');
  });

  test('a report: reports:export without reports:read is 403 naming reports:read', async () => {
    const m = await k.matter();
    const r = await c.post('/v1/reports/campaign-brief', {
      matter_id: m,
      audience: 'internal',
      include_sections: ['summary', 'ledger'],
    });
    expectStatus(r, 201);
    const refused = await (
      await keyWith('reports:export', 'exports:read')
    ).post(`/v1/reports/${r.body.report_id}/export`, { format: 'json' });
    expectError(refused, 403, 'insufficient_scope');
    assert.equal(refused.body.error.required_scope, 'reports:read');
    const ok = await (
      await keyWith('reports:export', 'reports:read')
    ).post(`/v1/reports/${r.body.report_id}/export`, { format: 'json' });
    expectStatus(ok, 201);
  });

  test('the console exports through the same check (a counsel session holds issuer:read and exports)', async () => {
    const s = await packetSetup(k);
    const r = await c.post('/v1/issuer-remediation/freeze-packet', remediationBody(s));
    expectStatus(r, 201);
    const e = await counsel.mutate('issuer.export', { remediation_id: r.body.remediation_id, format: 'json' });
    assert.ok(e.ok, JSON.stringify(e));
    assert.equal((await waitForExport(c, e.data.export_id)).status, 'ready');
  });
});

describe('issuer remediation exports follow the redaction profile', () => {
  let remediationId: string;
  let wallet: string;
  let holder: string;
  before(async () => {
    const s = await packetSetup(k);
    const cert = await c.post(
      '/v1/issuer-remediation/destination-wallet-certificate',
      certificateBody(s.matterId, { owner: OWNER, custodian: CUSTODIAN }),
    );
    expectStatus(cert, 201);
    wallet = cert.body.wallet_address;
    const decided = await decideCertificate(k, cert.body.destination_wallet_id, 'approved');
    assert.ok(decided.ok, JSON.stringify(decided));
    const body = remediationBody(s, {
      source_refs: [SOURCE, { ...COURT_ORDER_REF, admissibility_notes: ADMISSIBILITY }],
    });
    holder = body.wallets[0] as string;
    const r = await c.post('/v1/issuer-remediation/burn-reissue-packet', body);
    expectStatus(r, 201);
    remediationId = r.body.remediation_id;
    const moved = await counsel.mutate('issuer.move', {
      remediation_id: remediationId,
      status: 'burned',
      notes: STAGE_NOTE,
    });
    assert.ok(moved.ok, JSON.stringify(moved));
  });

  async function exportOf(format: string, profile: string) {
    const e = await counsel.mutate('issuer.export', {
      remediation_id: remediationId,
      format,
      redaction_profile: profile,
    });
    assert.ok(e.ok, JSON.stringify(e));
    return exportedText(e.data.export_id, format);
  }

  test('none keeps the stage notes, the admissibility notes and the certificate parties', async () => {
    const json = JSON.parse(await exportOf('json', 'none'));
    assert.ok(json.packet.history.some((h: any) => h.notes === STAGE_NOTE));
    assert.ok(json.packet.source_refs.some((r: any) => r.admissibility_notes === ADMISSIBILITY));
    assert.equal(json.destination_wallet_certificate.owner, OWNER);
    assert.equal(json.destination_wallet_certificate.wallet_address, wallet);
  });

  test('external drops the stage and admissibility notes in every format, and keeps the parties', async () => {
    for (const format of ['json', 'pdf', 'zip']) {
      const text = await exportOf(format, 'external');
      assert.ok(!text.includes('STAGE-NOTE-4410'), `${format}: stage note`);
      assert.ok(!text.includes('ADMISSIBILITY-7731'), `${format}: admissibility note`);
      if (format === 'json') {
        const j = JSON.parse(text);
        assert.ok(j.packet.history.every((h: any) => !('notes' in h)));
        assert.ok(
          j.packet.history.some((h: any) => h.to === 'burned'),
          'the stage move itself stays',
        );
        assert.equal(j.destination_wallet_certificate.custodian, CUSTODIAN);
      }
    }
  });

  test('claimant also drops the owner, custodian and signer model and shortens every address', async () => {
    for (const format of ['json', 'pdf', 'zip']) {
      const text = await exportOf(format, 'claimant');
      for (const secret of ['STAGE-NOTE-4410', 'ADMISSIBILITY-7731', 'Owner-Secret', 'Custodian-Secret', 'multisig'])
        assert.ok(!text.includes(secret), `${format}: ${secret}`);
      for (const a of [wallet, holder]) {
        assert.ok(!text.toLowerCase().includes(a.toLowerCase()), `${format}: full address ${a}`);
        assert.ok(
          text.toLowerCase().includes(`${a.slice(0, 6)}...${a.slice(-4)}`.toLowerCase()),
          `${format}: short ${a}`,
        );
      }
      if (format === 'json') {
        const d = JSON.parse(text).destination_wallet_certificate;
        assert.deepEqual(Object.keys(d).sort(), [
          'approval_status',
          'decided_at',
          'destination_wallet_id',
          'network',
          'sanctions_screen_status',
          'wallet_address',
        ]);
      }
    }
  });
});

describe('packet exports drop admissibility notes outside the none profile', () => {
  test('external and claimant: no admissibility_notes in any format; none keeps them', async () => {
    const s = await packetSetup(k);
    const p = await c.post(
      '/v1/packets/exchange-intercept',
      packetBody(s, { source_refs: [SOURCE, { ...COURT_ORDER_REF, admissibility_notes: ADMISSIBILITY }] }),
    );
    expectStatus(p, 200);
    const run = async (format: string, profile: string) => {
      const e = await c.post(`/v1/packets/${p.body.packet_id}/export`, { format, redaction_profile: profile });
      expectStatus(e, 200);
      return exportedText(e.body.export_id, format);
    };
    const none = JSON.parse(await run('json', 'none'));
    assert.ok(none.packet.source_refs.some((r: any) => r.admissibility_notes === ADMISSIBILITY));
    for (const profile of ['external', 'claimant'])
      for (const format of ['json', 'zip']) {
        const text = await run(format, profile);
        assert.ok(!text.includes('ADMISSIBILITY-7731'), `${profile} ${format}`);
        assert.ok(!text.includes('admissibility_notes'), `${profile} ${format}: the key is gone too`);
      }
  });
});

describe('custom audit events stay on their matter', () => {
  test("an object_id of another matter is 404 on object_id; the matter's own objects and its org's are accepted", async () => {
    const a = await packetSetup(k);
    const b = await packetSetup(k);
    const pa = (await c.post('/v1/packets/exchange-intercept', packetBody(a))).body.packet_id;
    const pb = (await c.post('/v1/packets/exchange-intercept', packetBody(b))).body.packet_id;
    const custom = (matterId: string, objectId: string, objectType = 'packet') =>
      c.post('/v1/audit/events', {
        matter_id: matterId,
        event_type: 'custom.call_logged',
        object_type: objectType,
        object_id: objectId,
        details: { minutes: 5 },
      });
    const planted = await custom(a.matterId, pb);
    expectError(planted, 404, 'not_found', { param: 'object_id' });
    expectError(await custom(a.matterId, b.matterId, 'matter'), 404, 'not_found', { param: 'object_id' });
    expectError(await custom(a.matterId, b.judgmentId, 'judgment'), 404, 'not_found', { param: 'object_id' });
    expectError(await custom(a.matterId, 'pac_000000000000000000000000'), 404, 'not_found', { param: 'object_id' });
    expectStatus(await custom(a.matterId, pa), 201);
    expectStatus(await custom(a.matterId, a.judgmentId, 'judgment'), 201);
    expectStatus(await custom(a.matterId, a.senderId, 'user'), 201, 'a user of the organization');
    expectStatus(await custom(a.matterId, 'ticket-4471', 'external_ticket'), 201, 'free text is not an id');
    // B's packet export shows none of A's events, even one written before the check existed
    // (copied here straight into the table, on its own chain).
    await srv.sql(
      `INSERT INTO audit_events (id, chain_key, seq, org_id, env, matter_id, event_type, actor_id, actor_key_id,
         actor_user_id, object_type, object_id, request_id, "timestamp", details, prev_hash, hash)
       SELECT 'eve_' || substr(md5(random()::text), 1, 24), 'legacy-' || id, 1, org_id, env, matter_id,
         'custom.planted', actor_id, actor_key_id, actor_user_id, 'packet', $2, request_id, "timestamp", details,
         prev_hash, hash
       FROM audit_events WHERE matter_id = $1 AND event_type = 'custom.call_logged' LIMIT 1`,
      [a.matterId, pb],
    );
    const e = await c.post(`/v1/packets/${pb}/export`, { format: 'json' });
    expectStatus(e, 200);
    const bundle = JSON.parse(await exportedText(e.body.export_id, 'json'));
    assert.ok(bundle.audit_trail.length > 0);
    assert.ok(
      bundle.audit_trail.every((x: any) => x.event_type !== 'custom.planted' && x.event_type !== 'custom.call_logged'),
      JSON.stringify(bundle.audit_trail.map((x: any) => x.event_type)),
    );
  });
});
