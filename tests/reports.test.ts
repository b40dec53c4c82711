/**
 * Reports over HTTP (API-CONTRACT §19): the campaign brief takes its sections from the
 * matter's modules as a snapshot, per audience; the claimant update shows one claimant's
 * share only, with no full wallet address and no internal note; exports run through the
 * packets' pipeline (poppler renders the PDF and pdftotext reads it, unzip -t and
 * sha256sum -c pass the ZIP) and write report.exported.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, type TestServer } from './helpers/server';
import { client, type Client } from './helpers/client';
import { expectError, expectStatus } from './helpers/expect';
import { makeKit, type Kit } from './helpers/fixtures';
import { COINBASE_WALLET, packetBody, packetSetup, type PacketSetup } from './helpers/fixtures-packets';
import { evmAddress, transfer } from './helpers/fixtures-chain';

const INTERNAL_NOTE = 'INTERNAL-ONLY settlement posture 5512';
const SECTIONS = ['summary', 'judgments', 'assets', 'plan', 'actions', 'packets', 'alerts', 'ledger', 'sanctions'];

let srv: TestServer;
let c: Client;
let k: Kit;
let work: string;
let s: PacketSetup;
let alice: string;
let bob: string;

before(async () => {
  srv = await startServer({ MD_DOWNLOAD_SIGNING_KEY: 'reports-test-signing-key', MD_WORKER_POLL_MS: '200' });
  c = client(srv.url, srv.adminKey);
  k = await makeKit(c);
  work = mkdtempSync(path.join(tmpdir(), 'md-reports-'));
  // A matter with a judgment, two claimants (60/40), recoveries, a cost, a distribution to
  // Alice, an asset map naming a full address, a packet and a matter with internal notes.
  s = await packetSetup(k);
  expectStatus(await c.patch(`/v1/matters/${s.matterId}`, { notes: INTERNAL_NOTE }), 200, 'matter notes');
  const cl = async (name: string, pct: number) => {
    const r = await c.post(`/v1/matters/${s.matterId}/claimants`, {
      name,
      role: 'creditor',
      economics: { share_pct: pct, side_letter: INTERNAL_NOTE },
    });
    expectStatus(r, 201, 'claimant');
    return r.body.claimant_id as string;
  };
  alice = await cl('Alice Creditor Fund', 60);
  bob = await cl('Bob Assignee Partners', 40);
  const entry = async (type: string, amount: string, day: string, over: Record<string, unknown> = {}) =>
    expectStatus(
      await c.post('/v1/ledger/entries', {
        matter_id: s.matterId,
        judgment_id: s.judgmentId,
        type,
        amount: { amount, currency: 'USD' },
        description: `${type} ${day}`,
        occurred_at: `${day}T12:00:00Z`,
        ...over,
      }),
      201,
      `ledger ${type}`,
    );
  await entry('cost', '500.00', '2023-06-01');
  await entry('recovery', '20000.00', '2024-01-15');
  await entry('recovery', '10000.00', '2025-03-10');
  await entry('distribution', '9000.00', '2025-04-01', { judgment_id: undefined, claimant_id: alice });
  expectStatus(
    await c.post('/v1/crypto/asset-map', { matter_id: s.matterId, wallets: [COINBASE_WALLET], chains: ['ethereum'] }),
    200,
    'asset map',
  );
  expectStatus(await c.post('/v1/packets/exchange-intercept', packetBody(s, { notes: INTERNAL_NOTE })), 200, 'packet');
});
after(async () => {
  await srv?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

const brief = async (body: Record<string, unknown>) => {
  const r = await c.post('/v1/reports/campaign-brief', { matter_id: s.matterId, ...body });
  expectStatus(r, 201, 'campaign brief');
  return r.body;
};
const update = async (claimantId: string, over: Record<string, unknown> = {}) => {
  const r = await c.post('/v1/reports/claimant-update', { matter_id: s.matterId, claimant_id: claimantId, ...over });
  expectStatus(r, 201, 'claimant update');
  return r.body;
};

async function exportFile(reportId: string, format: string, profile?: string) {
  const e = await c.post(`/v1/reports/${reportId}/export`, {
    format,
    ...(profile ? { redaction_profile: profile } : {}),
  });
  expectStatus(e, 201, `export ${format}`);
  assert.equal(e.body.status, 'pending');
  assert.equal(e.body.object_type, 'report');
  const deadline = Date.now() + 60_000;
  let x = e.body;
  while (x.status === 'pending') {
    if (Date.now() > deadline) throw new Error(`export ${x.export_id} still pending`);
    await new Promise((res) => setTimeout(res, 150));
    const g = await c.get(`/v1/exports/${x.export_id}`);
    expectStatus(g, 200, 'get export');
    x = g.body;
  }
  assert.equal(x.status, 'ready', JSON.stringify(x));
  const res = await fetch(x.download_url);
  assert.equal(res.status, 200);
  const bytes = Buffer.from(await res.arrayBuffer());
  const file = path.join(work, `${x.export_id}.${format}`);
  writeFileSync(file, bytes);
  assert.equal(execFileSync('sha256sum', [file]).toString().split(' ')[0], x.sha256);
  return { exp: x, file, bytes };
}

const pdfText = (file: string) => execFileSync('pdftotext', ['-layout', file, '-']).toString();

describe('campaign brief', () => {
  test("internal: every section, in order, from the matter's modules, readable at content_uri", async () => {
    const r = await brief({ audience: 'internal' });
    assert.match(r.report_id, /^rep_/);
    assert.equal(r.type, 'campaign_brief');
    assert.equal(r.audience, 'internal');
    assert.equal(r.redaction_profile, 'none');
    assert.equal(r.status, 'ready');
    assert.deepEqual(
      r.sections.map((x: any) => x.key),
      SECTIONS,
    );
    for (const sec of r.sections) {
      assert.ok(sec.title);
      assert.equal(typeof sec.body, 'string');
      assert.equal(typeof sec.data, 'object');
    }
    const by = Object.fromEntries(r.sections.map((x: any) => [x.key, x]));
    assert.equal(by.judgments.data.judgments[0].judgment_id, s.judgmentId);
    assert.equal(by.assets.data.wallets[0].address.toLowerCase(), COINBASE_WALLET);
    assert.equal(by.packets.data.items.length, 1);
    assert.equal(by.ledger.data.recovered.amount_decimal, '30000');
    assert.deepEqual(by.alerts.data.items, []);
    assert.match(by.alerts.body, /No monitoring alerts/);
    assert.ok(by.ledger.data.series.points.length >= 4);
    assert.equal(by.ledger.data.series.points.at(-1).recovered, '30000');
    assert.ok(JSON.stringify(r).includes(INTERNAL_NOTE), 'the internal audience sees internal notes');
    assert.equal(by.summary.data.operator_economics.contingency_fee_pct, 25);
    assert.equal(r.content_uri, `${srv.url}/v1/reports/${r.report_id}`);
    const g = await c.get(`/v1/reports/${r.report_id}`);
    expectStatus(g, 200, 'get report');
    assert.deepEqual(g.body.sections, r.sections);
  });

  test('a snapshot: later ledger entries do not change it', async () => {
    const r = await brief({ include_sections: ['ledger', 'summary'] });
    assert.deepEqual(
      r.sections.map((x: any) => x.key),
      ['summary', 'ledger'],
    );
    expectStatus(
      await c.post('/v1/ledger/entries', {
        matter_id: s.matterId,
        type: 'cost',
        amount: { amount: '1.00', currency: 'USD' },
        description: 'later',
        occurred_at: '2025-05-01T00:00:00Z',
      }),
      201,
      'later entry',
    );
    const g = await c.get(`/v1/reports/${r.report_id}`);
    assert.deepEqual(g.body.sections, r.sections);
  });

  test('claimant and counsel audiences are redacted', async () => {
    const cl = await brief({ audience: 'claimant' });
    assert.equal(cl.redaction_profile, 'claimant');
    const text = JSON.stringify(cl);
    assert.ok(!text.includes(INTERNAL_NOTE), 'no internal note');
    assert.ok(!text.toLowerCase().includes(COINBASE_WALLET.toLowerCase()), 'no full wallet address');
    assert.ok(text.toLowerCase().includes('0x0246...997c'));
    assert.ok(!text.includes('operator_economics') && !text.includes('share_pct'));
    const counsel = await brief({ audience: 'counsel' });
    assert.equal(counsel.redaction_profile, 'external');
    assert.ok(!JSON.stringify(counsel).includes(INTERNAL_NOTE));
    assert.ok(JSON.stringify(counsel).toLowerCase().includes(COINBASE_WALLET));
  });

  test("bad input: an unknown section, an unknown audience, another tenant's matter", async () => {
    expectError(
      await c.post('/v1/reports/campaign-brief', { matter_id: s.matterId, include_sections: ['gossip'] }),
      400,
      'parameter_invalid',
    );
    expectError(
      await c.post('/v1/reports/campaign-brief', { matter_id: s.matterId, audience: 'press' }),
      400,
      'parameter_invalid',
    );
    expectError(
      await c.post('/v1/reports/campaign-brief', { matter_id: 'mtr_0000000000000000000000' }),
      404,
      'not_found',
    );
    expectError(await c.get('/v1/reports/rep_0000000000000000000000'), 404, 'not_found');
  });
});

describe('claimant update', () => {
  test("shows only that claimant's share: no other claimant, no full address, no internal note", async () => {
    const r = await update(alice);
    assert.equal(r.type, 'claimant_update');
    assert.equal(r.audience, 'claimant');
    assert.equal(r.claimant_id, alice);
    assert.equal(r.redaction_profile, 'claimant');
    assert.deepEqual(
      r.sections.map((x: any) => x.key),
      ['summary', 'judgments', 'recoveries', 'your_share', 'assets', 'next_steps'],
    );
    const share = r.sections.find((x: any) => x.key === 'your_share').data;
    assert.equal(share.claimant.name, 'Alice Creditor Fund');
    assert.equal(share.share_pct, 60);
    // 30,000 recovered, less the 25% contingency fee = 22,500; 60% of it = 13,500.
    assert.equal(share.share_of_net_recoveries.amount_decimal, '13500');
    assert.equal(share.distributed_to_claimant.amount_decimal, '9000');
    // The body reads as the PDF does; the data above keeps the exact decimals.
    const shareBody = r.sections.find((x: any) => x.key === 'your_share').body;
    assert.match(shareBody, /: \$13,500\.00 so far\. Distributed to you: \$9,000\.00\./);
    assert.ok(!/\d USD/.test(r.sections.map((x: any) => x.body).join(' ')), 'no bare "13500 USD" in any body');
    const text = JSON.stringify(r);
    assert.ok(!text.includes('Bob Assignee'), 'no other claimant');
    assert.ok(!text.includes(bob));
    assert.ok(!text.includes(INTERNAL_NOTE), 'no internal note');
    assert.ok(!text.toLowerCase().includes(COINBASE_WALLET.toLowerCase()), 'no full wallet address');
    assert.ok(!text.includes('contingency_fee_pct'), 'no operator economics');
    const other = await update(bob, { redaction_profile: 'external' });
    assert.ok(!JSON.stringify(other).includes('Alice Creditor'), "Bob's update does not name Alice");
    assert.equal(
      other.sections.find((x: any) => x.key === 'your_share').data.share_of_net_recoveries.amount_decimal,
      '9000',
    );
  });

  test('a claimant of another matter is 404; report.created is an event', async () => {
    const elsewhere = await k.claimant();
    expectError(
      await c.post('/v1/reports/claimant-update', { matter_id: s.matterId, claimant_id: elsewhere.claimant_id }),
      404,
      'not_found',
    );
    const r = await update(alice);
    const ev = await c.get(`/v1/events?matter_id=${s.matterId}&type=report.created&limit=100`);
    expectStatus(ev, 200, 'events');
    assert.ok(ev.body.data.some((e: any) => e.data.object.report_id === r.report_id));
  });
});

describe('exports', () => {
  test('the claimant update as PDF: poppler renders it, it reads as a claimant update, with the chart, and no full address', async () => {
    const r = await update(alice);
    const { file, exp } = await exportFile(r.report_id, 'pdf', 'none');
    assert.equal(exp.redaction_profile, 'claimant', 'an export never redacts less than its report');
    const text = pdfText(file);
    assert.match(text, /Update for Alice Creditor Fund/);
    assert.match(text, /Your share/);
    assert.match(text, /\$13,500\.00/);
    assert.match(text, /Recoveries against the balance over time/);
    assert.match(text, /Balance outstanding/);
    assert.ok(!text.toLowerCase().includes(COINBASE_WALLET.toLowerCase()));
    assert.ok(!text.includes(INTERNAL_NOTE) && !text.includes('Bob Assignee'));
    execFileSync('pdftoppm', ['-png', '-r', '30', file, path.join(work, 'upd')]);
    const pages = readdirSync(work).filter((f) => f.startsWith('upd') && f.endsWith('.png'));
    // Sections flow on the page (no section starts a page of its own): two pages of content.
    assert.ok(pages.length >= 2 && pages.length <= 4, `rendered ${pages.length} pages`);
    // The chart is vector paths: the PDF's content streams draw lines, and no image is embedded.
    assert.ok(!execFileSync('pdfimages', ['-list', file]).toString().includes('image '));
  });

  test("the internal brief as PDF lists the debtor's wallets and their holdings, amounts written for a reader", async () => {
    // The debtor's wallet received 12,500 USDT on the sandbox chain; a new map reads it.
    await transfer(k, evmAddress(), COINBASE_WALLET, 'USDT', '12500');
    expectStatus(
      await c.post('/v1/crypto/asset-map', { matter_id: s.matterId, wallets: [COINBASE_WALLET], chains: ['ethereum'] }),
      200,
      'asset map with holdings',
    );
    const r = await brief({ audience: 'internal' });
    const assets = r.sections.find((x: any) => x.key === 'assets').data;
    const map = await c.get(`/v1/crypto/asset-map/${assets.map_id}`);
    expectStatus(map, 200, 'asset map');
    assert.ok(map.body.token_exposures.length > 0, 'the map holds tokens');
    assert.equal(assets.holdings.length, map.body.token_exposures.length, 'every holding of the map');
    const { file } = await exportFile(r.report_id, 'pdf', 'none');
    // Reading order (not -layout): a wrapped cell's lines come one after the other.
    const flat = execFileSync('pdftotext', [file, '-']).toString().replace(/\s+/g, ' ');
    assert.ok(flat.toLowerCase().includes(COINBASE_WALLET), 'the wallet');
    assert.match(flat, /Wallet Asset Amount USD value/, 'the holdings table');
    assert.match(flat, /\$12,500\.00/, 'its dollar value');
    for (const h of assets.holdings) assert.ok(flat.includes(`${h.asset} (${h.network})`), `${h.asset} held`);
    assert.match(flat, /12,500 USDT/, 'the holding in its unit, with separators');
    // The ledger's amounts and dates read as figures and dates, not raw decimals and ISO days.
    assert.match(flat, /\$20,000\.00/);
    assert.match(flat, /January 15, 2024/);
  });

  test('the brief as ZIP passes unzip -t and sha256sum -c, and as JSON is the redacted bundle; report.exported is recorded', async () => {
    const r = await brief({ audience: 'internal' });
    const { file } = await exportFile(r.report_id, 'zip', 'claimant');
    execFileSync('unzip', ['-t', file]);
    const dir = path.join(work, 'unzipped');
    execFileSync('unzip', ['-o', '-q', file, '-d', dir]);
    execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: dir });
    assert.deepEqual(readdirSync(dir).sort(), ['SHA256SUMS', 'report.json', 'report.pdf', 'sources']);
    const bundle = JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8'));
    assert.equal(bundle.object, 'report_bundle');
    assert.equal(bundle.export.redaction_profile, 'claimant');
    const text = JSON.stringify(bundle) + pdfText(path.join(dir, 'report.pdf'));
    assert.ok(!text.includes(INTERNAL_NOTE), 'the export redacts what the internal report holds');
    assert.ok(!text.toLowerCase().includes(COINBASE_WALLET.toLowerCase()));
    const { bytes } = await exportFile(r.report_id, 'json');
    const full = JSON.parse(bytes.toString('utf8'));
    assert.ok(JSON.stringify(full).includes(INTERNAL_NOTE), 'profile none keeps the internal view');
    const ev = await c.get(`/v1/events?matter_id=${s.matterId}&type=report.exported&limit=100`);
    expectStatus(ev, 200, 'events');
    assert.ok(ev.body.data.filter((e: any) => e.data.object.object_id === r.report_id).length >= 2);
    const audit = await c.get(`/v1/audit/matters/${s.matterId}?object_id=${r.report_id}&limit=100`);
    const types = audit.body.data.map((e: any) => e.event_type);
    assert.ok(
      types.includes('report.created') &&
        types.includes('report.export_requested') &&
        types.includes('report.exported'),
      types.join(),
    );
  });
});
