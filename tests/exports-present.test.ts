/**
 * How exported documents write values for a reader (services/exports/present.ts) and size
 * table columns (services/exports/table-layout.ts). The cases are the ones issue 34 found in
 * packet PDFs: raw amounts ("1250000 USD"), ISO timestamps, "engagement_let ter" broken
 * mid-word, and `org_`/`key_`/`usr_` ids and `data/…` paths in the `external` profile.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatAmount, formatDate, formatMoney, humanize, publicText } from '../src/server/services/exports/present';
import { tableWidths } from '../src/server/services/exports/table-layout';

test('amounts have thousands separators and their unit; decimals are kept exactly', () => {
  const cases: [unknown, string, string][] = [
    ['1250000', 'USD', '$1,250,000.00'],
    [1250000, 'USD', '$1,250,000.00'],
    ['1250000.5', 'usd', '$1,250,000.50'],
    ['-300.125', 'USD', '-$300.125'],
    ['1250000', 'EUR', '1,250,000.00 EUR'],
    ['1234.000000000000000001', 'ETH', '1,234.000000000000000001 ETH'],
    ['999', 'USDC', '999 USDC'],
    ['0', 'USD', '$0.00'],
    ['n/a', 'USD', 'n/a USD'],
  ];
  for (const [amount, cur, want] of cases) assert.equal(formatAmount(amount, cur), want, `${amount} ${cur}`);
  assert.equal(formatMoney({ amount: 1250000, amount_decimal: '1250000.00', currency: 'USD' }), '$1,250,000.00');
  assert.equal(formatMoney(null), '');
});

test('dates and timestamps are written in words, timestamps in UTC', () => {
  const cases: [string, string][] = [
    ['2024-06-14', 'June 14, 2024'],
    ['2026-01-01T00:00:00.000Z', 'January 1, 2026, 00:00 UTC'],
    ['2026-11-27T23:59:59Z', 'November 27, 2026, 23:59 UTC'],
    ['2026-03-01T01:30:00+02:00', 'February 28, 2026, 23:30 UTC'],
    ['next Tuesday', 'next Tuesday'],
  ];
  for (const [v, want] of cases) assert.equal(formatDate(v), want, v);
});

test('field codes become words', () => {
  assert.equal(humanize('engagement_letter'), 'Engagement letter');
  assert.equal(humanize('legal_process_portal'), 'Legal process portal');
  assert.equal(humanize(null), '');
});

test('outside the none profile, internal ids and repository paths are not written', () => {
  const text =
    'Grant aut_0Abc1234XyZ9876543210qWe by key_0Abc1234XyZ9876543210qWe for org_0Abc1234XyZ9876543210qWe; ' +
    'datasets data/labels/evm_exchange_and_risk_labels.csv (2025-10-01), data/ofac-crypto/brave-intl-lists-2025-11-19 (2025-11-19) and OFAC SDN list';
  const out = publicText(text, 'external');
  assert.doesNotMatch(out, /\b[a-z]{2,4}_[0-9A-Za-z]{24}\b/);
  assert.doesNotMatch(out, /data\//);
  assert.match(out, /Evm exchange and risk labels dataset \(2025-10-01\)/);
  assert.match(out, /Brave intl lists dataset \(2025-11-19\)/);
  assert.match(out, /OFAC SDN list/);
  assert.equal(publicText(text, 'none'), text, 'the none profile keeps everything');
  // Snake-case words that are not ids stay (a code of 24 letters after the prefix would not).
  assert.equal(publicText('contingency_fee_pct and usd_value', 'external'), 'contingency_fee_pct and usd_value');
});

test('table columns are at least as wide as their widest word; the rest goes by weight', () => {
  const w = tableWidths({ full: 500, weights: [1, 1, 1, 1], minWidths: [40, 40, 200, 40] });
  assert.deepEqual(w.map(Math.round), [100, 100, 200, 100]);
  assert.equal(Math.round(w.reduce((s, x) => s + x, 0)), 500);
  // A narrow weight does not split a word: "engagement_letter" (≈ 70 pt) gets its width.
  const v = tableWidths({ full: 500, weights: [1.3, 2.2, 1.3, 4.2, 1.3], minWidths: [70, 60, 50, 60, 55] });
  assert.ok(v[0] >= 70, `first column ${v[0]}`);
  assert.equal(Math.round(v.reduce((s, x) => s + x, 0)), 500);
});

test('when the words cannot all fit, only the widest columns give way', () => {
  // Ids (130), a type (60), a date (50) and a 64-letter hash (330): 570 > 500.
  const w = tableWidths({ full: 500, weights: [2, 2, 2, 4], minWidths: [130, 60, 50, 330], maxShare: 1 });
  assert.equal(Math.round(w[1]), 60, 'the short-word column keeps its words whole');
  assert.equal(Math.round(w[2]), 50);
  assert.equal(Math.round(w[0]), 130);
  assert.equal(Math.round(w.reduce((s, x) => s + x, 0)), 500);
  assert.ok(w[3] < 330, 'the hash column breaks its hash');
});

test('a word longer than any column may be (a 64-letter hash) gives way before ids and dates', () => {
  // The internal audit table at Helvetica 8 pt, padding included: an event id over its type
  // (a 28-letter id of mixed case about 145 pt, the longest type about 157), an actor id, a
  // date (89) and a 64-letter hash (281).
  const w = tableWidths({ full: 504, weights: [3, 2, 2, 4], minWidths: [157, 150, 89, 281] });
  assert.ok(w[0] >= 157 && w[1] >= 150, `ids and types whole: ${w.map(Math.round)}`);
  assert.ok(w[2] >= 89);
  assert.ok(w[3] < 281, 'the hash breaks');
  assert.equal(Math.round(w.reduce((s, x) => s + x, 0)), 504);
});
