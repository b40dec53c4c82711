/**
 * The pure parts of export rendering: free-form values as bounded key/value text, long words
 * cut to the column before pdfkit lays them out (linear, and the lines pdfkit would draw),
 * and the redaction rules issuer remediation packets share with packets.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import {
  auditTrailTable,
  cellText,
  FREE_FORM_LINES,
  FREE_FORM_VALUE_CHARS,
  freeFormText,
} from '../src/server/services/exports/blocks';
import { fitWords } from '../src/server/services/exports/fit-words';
import { renderPdf } from '../src/server/services/exports/pdf';
import { redactBundle, shortAddress } from '../src/server/domain/packets/redaction';
import { exactNumber } from '../src/server/json';
import { cpuMs } from './helpers/thread-cpu';

test('free-form values read as key/value lines, nested keys by path, never as JSON', () => {
  const text = freeFormText({
    contingency_fee_pct: 30,
    currency: 'USD',
    tiers: [{ above: 100000, pct: 25 }],
    notes: null,
    empty: {},
    exact: exactNumber('1.50'),
  });
  assert.equal(
    text,
    [
      'contingency_fee_pct: 30',
      'currency: USD',
      'tiers.0.above: 100000',
      'tiers.0.pct: 25',
      'notes: none',
      'empty: (empty)',
      'exact: 1.5',
    ].join('\n'),
  );
  assert.equal(cellText({ a: 1 }), 'a: 1');
  assert.equal(cellText('plain'), 'plain');
  assert.equal(cellText(null), '');
});

test('a huge value is cut with a note, and so is a long list of entries', () => {
  const long = freeFormText({ terms: 'x'.repeat(10_000) });
  assert.equal(long, `terms: ${'x'.repeat(FREE_FORM_VALUE_CHARS)}... [9000 more characters; see the JSON export]`);
  const many = freeFormText(Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, i])));
  const lines = many.split('\n');
  assert.equal(lines.length, FREE_FORM_LINES + 1);
  assert.equal(lines.at(-1), `... and ${1000 - FREE_FORM_LINES} more entries; see the JSON export.`);
  // Bounded whatever the input: 12 values of 10,000 letters make at most 12 short lines.
  const twelve = freeFormText(Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`t${i}`, 'a'.repeat(10_000)])));
  assert.ok(twelve.length < 12 * (FREE_FORM_VALUE_CHARS + 80));
});

test('fitWords cuts a word wider than the column into pieces that fit; short words are untouched', () => {
  const doc = new PDFDocument();
  doc.font('Helvetica').fontSize(8);
  const width = 100;
  assert.equal(fitWords(doc, 'short words stay as they are', width), 'short words stay as they are');
  const word = 'W'.repeat(500);
  const out = fitWords(doc, `before ${word} after`, width);
  const pieces = out.split('\n');
  assert.ok(pieces.length > 5);
  assert.equal(pieces.join(''), `before ${word} after`, 'no character lost or added');
  for (const p of pieces.slice(1, -1)) assert.ok(doc.widthOfString(p) <= width, `piece of ${p.length} fits`);
  // Each piece is as long as fits: one more character would not.
  assert.ok(doc.widthOfString(`${pieces[1]}W`) > width);
  // A word that fits is left to pdfkit, even a long one.
  const fitting = 'i'.repeat(40);
  assert.equal(fitWords(doc, fitting, width), fitting);
});

test('a PDF with a 120,000-letter token renders in linear time', async () => {
  const token = 'a'.repeat(120_000);
  const started = performance.now();
  const pdf = await renderPdf(
    {
      title: 'T',
      subtitle: token.slice(0, 5_000),
      cover: [['Long', token]],
      sections: [
        {
          title: 'S',
          blocks: [
            { kind: 'text', text: token },
            { kind: 'table', columns: ['A', 'B'], widths: [1, 4], rows: [[token.slice(0, 20_000), 'x']] },
          ],
        },
      ],
    },
    { exportId: 'exp_test', bundleSha256: '0'.repeat(64) },
  );
  const ms = performance.now() - started;
  assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
  // Quadratic layout took 21 s for this token; linear takes well under a second (bound kept
  // loose for a loaded machine).
  assert.ok(ms < 8_000, `rendered in ${Math.round(ms)} ms`);
});

test('the internal audit table keeps every id and event type whole on its line', async () => {
  // The id that was cut in two (random letters of a width that did not fit five columns), an
  // actor id wider still, the longest event type and a hash.
  const trail = [
    {
      event_id: 'eve_0VcN3MPy01MOZPP7fGpHMPBx',
      event_type: 'destination_wallet_certificate.decided',
      actor_id: 'usr_QmWGDh0MOwZPNUqHKDm3OWbX',
      timestamp: '2026-11-29T13:45:00Z',
      hash: 'f'.repeat(64),
    },
  ];
  const pdf = await renderPdf(
    { title: 'T', subtitle: '', cover: [], sections: [{ title: 'Audit', blocks: [auditTrailTable(trail)] }] },
    { exportId: 'exp_test', bundleSha256: '0'.repeat(64) },
  );
  const dir = mkdtempSync(path.join(tmpdir(), 'md-audit-'));
  try {
    writeFileSync(path.join(dir, 'a.pdf'), pdf);
    const words = execFileSync('pdftotext', [path.join(dir, 'a.pdf'), '-'])
      .toString()
      .split(/\s+/);
    for (const whole of [trail[0].event_id, trail[0].event_type, trail[0].actor_id])
      assert.ok(words.includes(whole), whole);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

const CERT_WALLET = '0x1111111111111111111111111111111111111111';
const HOLDER = '0x2222222222222222222222222222222222222222';
const remediationBundle = () => ({
  object: 'issuer_remediation_bundle',
  packet: {
    wallets: [HOLDER],
    holdings: [{ wallet: HOLDER, status_note: null }],
    notes: 'internal',
    history: [
      { from: 'none', to: 'burn_requested', by: 'key_x', at: '2026-01-01T00:00:00Z', notes: null },
      { from: 'burn_requested', to: 'burned', by: 'usr_x', at: '2026-01-02T00:00:00Z', notes: 'counsel only' },
    ],
    source_refs: [{ source_type: 'court_order', title: 'Order', admissibility_notes: 'weak chain of custody' }],
    review_reasons: ['A holder is on the OFAC SDN list.'],
    readiness: { ready: true, missing_items: [], checks: [] },
  },
  contents: { request: `Reissue to ${CERT_WALLET}`, matter: { name: 'M' } },
  destination_wallet_certificate: {
    destination_wallet_id: 'dwc_x',
    wallet_address: CERT_WALLET,
    network: 'ethereum',
    owner: 'Owner LLC',
    custodian: 'Custodian Co',
    signer_model: '2-of-3',
    sanctions_screen_status: 'clear',
    approval_status: 'approved',
    decided_at: null,
  },
});

test('issuer remediation bundles: external drops stage and admissibility notes, keeps the parties', () => {
  const b = redactBundle(remediationBundle(), 'external') as any;
  assert.equal(b.packet.notes, undefined);
  assert.deepEqual(
    b.packet.history.map((h: any) => Object.keys(h).sort()),
    [
      ['at', 'by', 'from', 'to'],
      ['at', 'by', 'from', 'to'],
    ],
  );
  assert.deepEqual(b.packet.source_refs, [{ source_type: 'court_order', title: 'Order' }]);
  assert.equal(b.destination_wallet_certificate.owner, 'Owner LLC');
  assert.equal(b.destination_wallet_certificate.wallet_address, CERT_WALLET);
  assert.deepEqual(redactBundle(remediationBundle(), 'none'), remediationBundle());
});

test('issuer remediation bundles: claimant also drops the certificate parties and shortens its address', () => {
  const b = redactBundle(remediationBundle(), 'claimant') as any;
  const d = b.destination_wallet_certificate;
  assert.equal(d.owner, undefined);
  assert.equal(d.custodian, undefined);
  assert.equal(d.signer_model, undefined);
  assert.equal(d.wallet_address, shortAddress(CERT_WALLET));
  assert.equal(b.packet.holdings[0].wallet, shortAddress(HOLDER));
  assert.equal(b.contents.request, `Reissue to ${shortAddress(CERT_WALLET)}`);
  assert.deepEqual(b.packet.review_reasons, ['Sanctions matters are under review.']);
  const text = JSON.stringify(b);
  for (const secret of [CERT_WALLET, HOLDER, 'Owner LLC', 'Custodian Co', '2-of-3', 'counsel only', 'weak chain'])
    assert.ok(!text.includes(secret), secret);
});

test('packet bundles: admissibility notes go under external and claimant, wherever source_refs sit', () => {
  const bundle = {
    packet: { source_refs: [{ source_type: 'report', admissibility_notes: 'n1' }] },
    contents: { nested: { source_refs: [{ source_type: 'other', admissibility_notes: 'n2' }] } },
  };
  for (const profile of ['external', 'claimant'] as const)
    assert.ok(!JSON.stringify(redactBundle(bundle, profile)).includes('admissibility'), profile);
  assert.ok(JSON.stringify(redactBundle(bundle, 'none')).includes('"admissibility_notes":"n2"'));
});

test('claimant shortening takes one pass per string, however many addresses', () => {
  const addresses = Array.from({ length: 1000 }, (_, i) => `0x${i.toString(16).padStart(40, '0')}`);
  const bundle = {
    packet: { wallets: addresses },
    contents: { notes_list: addresses.map((a) => `seen ${a.toUpperCase().replace('0X', '0x')} twice: ${a}`) },
  };
  let b: any;
  const ms = cpuMs(() => (b = redactBundle(bundle, 'claimant')));
  assert.equal(b.contents.notes_list[5], `seen ${shortAddress(addresses[5])} twice: ${shortAddress(addresses[5])}`);
  assert.ok(!JSON.stringify(b).includes(addresses[999]));
  assert.ok(ms < 5_000, `${Math.round(ms)} ms`);
});
