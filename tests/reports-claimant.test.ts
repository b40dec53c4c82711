/**
 * Claimant-facing reports over HTTP (API-CONTRACT §14 `claimant`, §19): every address in every
 * string is shortened (by its shape, not only the addresses the report collected: action
 * titles and alert reasons included), and sanctions read "under review" in every section: no
 * OFAC, SDN, "blocked", 31 CFR citation or listed-entity name, in the report, its JSON export
 * and its PDF. The internal view of the same matter keeps them (so the checks are not vacuous).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, type TestServer } from './helpers/server';
import { client, type Client } from './helpers/client';
import { expectStatus } from './helpers/expect';
import { makeKit, type Kit } from './helpers/fixtures';
import { packetSetup, type PacketSetup } from './helpers/fixtures-packets';
import { evmAddress, LAZARUS, transfer } from './helpers/fixtures-chain';
import { LAZARUS_ETH, matchScreen } from './helpers/fixtures-sanctions';
import { fixtureWatchlist, waitForAlert } from './helpers/fixtures-monitoring';

// Addresses the report never collects (they stand only in free text): one of each shape.
const TRON = 'TBHTJqAy4DhHhmT3dNceJYNRz4SdLofLre';
const BTC = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
const BECH32 = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const SOLANA = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
const FREE = [TRON, BTC, BECH32, SOLANA];
/** What a claimant must not read. */
const FINDING = /OFAC|\bSDN\b|blocked|blocking|31\s*C\.?\s*F\.?\s*R|Lazarus/i;
const FULL_EVM = /0x[0-9a-f]{40}/i;

let srv: TestServer;
let c: Client;
let k: Kit;
let s: PacketSetup;
let work: string;
let watched: string;

before(async () => {
  srv = await startServer({ MD_DOWNLOAD_SIGNING_KEY: 'reports-claimant-key', MD_WORKER_POLL_MS: '200' });
  c = client(srv.url, srv.adminKey);
  k = await makeKit(c);
  work = mkdtempSync(path.join(tmpdir(), 'md-reports-claimant-'));
  s = await packetSetup(k);
  watched = evmAddress();
  // A plan over a Lazarus Group wallet and a clean one: its steps say "OFAC-listed", cite
  // 31 CFR and count blocked steps.
  const plan = await c.post(`/v1/judgments/${s.judgmentId}/enforcement-plan`, {
    known_wallets: [LAZARUS_ETH, watched],
  });
  expectStatus(plan, 200, 'plan');
  // A screen naming the listed entity: its name is one the claimant must not read.
  await matchScreen(k, s.matterId);
  expectStatus(
    await c.post('/v1/sanctions/screen', { matter_id: s.matterId, entities: ['Lazarus Group'] }),
    200,
    'entity screen',
  );
  // Actions whose free titles hold addresses the report never collected, and the listed name.
  for (const title of [
    `Trace ${TRON} and ${BTC} to the exchange`,
    `Ask the custodian about ${BECH32} (then ${SOLANA})`,
    'Brief counsel on the Lazarus Group exposure',
  ])
    expectStatus(await c.post('/v1/actions', { matter_id: s.matterId, type: 'custom', title }), 200, 'action');
  // Alerts whose reasons name full addresses and an OFAC-listed counterparty.
  await fixtureWatchlist(k, s.matterId, watched);
  await transfer(k, evmAddress(), watched, 'USDT', '2500');
  await transfer(k, watched, LAZARUS, 'USDT', '1500');
  await waitForAlert(c, `matter_id=${s.matterId}&type=sanctions`);
});
after(async () => {
  await srv?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

const brief = async (audience: string) => {
  const r = await c.post('/v1/reports/campaign-brief', { matter_id: s.matterId, audience });
  expectStatus(r, 201, `${audience} brief`);
  return r.body;
};

async function exported(reportId: string, format: string, profile: string) {
  const e = await c.post(`/v1/reports/${reportId}/export`, { format, redaction_profile: profile });
  expectStatus(e, 201, 'export');
  let x = e.body;
  for (const until = Date.now() + 60_000; x.status === 'pending' && Date.now() < until;) {
    await new Promise((res) => setTimeout(res, 150));
    x = (await c.get(`/v1/exports/${x.export_id}`)).body;
  }
  assert.equal(x.status, 'ready', JSON.stringify(x));
  const bytes = Buffer.from(await (await fetch(x.download_url)).arrayBuffer());
  if (format === 'json') return bytes.toString('utf8');
  const file = path.join(work, `${x.export_id}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-']).toString();
}

function assertClaimantSafe(text: string, what: string) {
  const finding = text.match(FINDING);
  assert.equal(
    finding,
    null,
    `${what}: "${finding?.[0]}" near ${text.slice(Math.max(0, (finding?.index ?? 0) - 120), (finding?.index ?? 0) + 80)}`,
  );
  assert.equal(text.match(FULL_EVM), null, `${what}: a full EVM address`);
  for (const a of [...FREE, watched, LAZARUS, LAZARUS_ETH])
    assert.ok(!text.toLowerCase().includes(a.toLowerCase()), `${what}: ${a} in full`);
}

describe('a claimant-audience brief', () => {
  test('the internal brief holds the findings, the listed name and the full addresses', async () => {
    const text = JSON.stringify(await brief('internal'));
    assert.match(text, /OFAC-listed/);
    assert.match(text, /31 CFR/);
    assert.match(text, /Lazarus Group/);
    for (const a of [TRON, BTC, BECH32, SOLANA, watched]) assert.ok(text.includes(a), a);
  });

  test('shortens every address in every string and states sanctions only as under review', async () => {
    const r = await brief('claimant');
    assertClaimantSafe(JSON.stringify(r), 'claimant brief');
    const by = Object.fromEntries(r.sections.map((x: any) => [x.key, x]));
    assert.deepEqual(by.sanctions.data, { sanctions_status: 'under review' });
    assert.equal(by.sanctions.body, 'Sanctions matters: under review.');
    const steps = by.plan.data.plans[0].priority_actions;
    assert.ok(
      steps.some((a: any) => a.legal_basis === 'Sanctions matters: under review.'),
      JSON.stringify(steps),
    );
    const titles = by.actions.data.items.map((a: any) => a.title);
    assert.ok(
      titles.includes(
        `Trace ${TRON.slice(0, 6)}...${TRON.slice(-4)} and ${BTC.slice(0, 6)}...${BTC.slice(-4)} to the exchange`,
      ),
      titles.join(' | '),
    );
    assert.ok(titles.includes('Brief counsel on the (name under review) exposure'), titles.join(' | '));
    const sanctionsAlert = by.alerts.data.items.find((a: any) => a.type === 'sanctions');
    assert.match(sanctionsAlert.reason, /^Sanctions matters: under review\./);
    assert.equal(sanctionsAlert.target, `${watched.slice(0, 6)}...${watched.slice(-4)}`);
    assert.ok(!r.datasets.some((d: string) => /OFAC|SDN/.test(d)), r.datasets.join());
    assert.equal(r.review_state.review_notes, null, 'review notes are internal');
  });

  test('the JSON and PDF exports of the internal brief under claimant read the same way', async () => {
    const r = await brief('internal');
    assertClaimantSafe(await exported(r.report_id, 'json', 'claimant'), 'JSON export');
    const pdf = await exported(r.report_id, 'pdf', 'claimant');
    assert.match(pdf, /Sanctions matters: under review/);
    assertClaimantSafe(pdf, 'PDF export');
  });
});
