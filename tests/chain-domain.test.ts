/**
 * Pure rules of the chain and attribution module: the confidence formula (a hand-computed
 * table), network-signal redaction and levels, correlations (rule 2), exchange hypotheses and
 * packet readiness, stablecoin exposure from the shipped issuer data.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  confidenceScore,
  labelOf,
  parseConfidenceCsv,
  type ScoreInput,
} from '../src/server/domain/attribution/confidence';
import { correlation, redactionProblem, signalLevel } from '../src/server/domain/attribution/network-signals';
import {
  exchangeHypotheses,
  packetReadiness,
  type ChainTransfer,
  type ExchangeLabel,
} from '../src/server/domain/crypto/hypotheses';
import {
  buildStablecoinIndex,
  exposureItem,
  findStablecoin,
  pegValuation,
} from '../src/server/domain/crypto/stablecoins';
import { walletFor } from '../src/server/domain/crypto/networks';
import { sumDecimals } from '../src/server/domain/attribution/graph';
import { contradictionReport, indexContradictions } from '../src/server/domain/attribution/contradictions';

const tiers = parseConfidenceCsv(readFileSync('data/attribution/graphsense-confidence.csv', 'utf8'));
const score = (i: Partial<ScoreInput> & { evidence_tier: string }) =>
  confidenceScore(tiers, { source_type: 'osint', predicate: 'owns', corroboration: [], contradictions: [], ...i });
// Corroborations and contradictions are evidence at a tier (issue 31): osint web_crawl 20 here.
const refs = (...xs: string[]) =>
  xs.map((ref) => ({ ref, source_type: 'osint' as const, tier: 'web_crawl', level: 20 }));

test('the taxonomy parses every GraphSense tier, including the " 5" of unknown', () => {
  assert.equal(tiers.size, 14);
  assert.equal(tiers.get('ownership')!.level, 100);
  assert.equal(tiers.get('forensic_investigation')!.level, 70);
  assert.equal(tiers.get('heuristic')!.level, 10);
  assert.equal(tiers.get('unknown')!.level, 5);
});

test('confidence formula: hand-computed table', () => {
  // [tier, corroborations (web_crawl 20 each), contradictions (web_crawl 20 each), source type, expected score, expected label]
  const table: [string, string[], string[], ScoreInput['source_type'], number, string][] = [
    ['ownership', [], [], 'user_assertion', 69, 'moderate'], // unreviewed assertion cap
    ['forensic', ['a'], [], 'osint', 53, 'moderate'], // 50 + 50×0.3×0.2
    ['forensic', ['a', 'b'], [], 'osint', 54.41, 'moderate'], // 53 + 47×0.3×0.2/2
    ['web_crawl', ['a'], [], 'osint', 24.8, 'weak_signal'], // 20 + 80×0.06
    ['web_crawl', ['a', 'a'], [], 'osint', 24.8, 'weak_signal'], // a duplicate counts once
    ['service_api', [], ['x'], 'exchange_response', 64.4, 'moderate'], // 70 × (1 − 0.4×0.2)
    ['service_api', [], ['x', 'y'], 'exchange_response', 59.25, 'moderate'], // 70 × 0.92²
    ['heuristic', [], [], 'osint', 10, 'weak_signal'],
    ['authority_data', [], [], 'court_filing', 60, 'moderate'],
  ];
  for (const [tier, corr, contra, source_type, expected, label] of table) {
    const r = score({
      evidence_tier: tier,
      corroboration: refs(...corr),
      contradictions: refs(...contra),
      source_type,
    });
    assert.equal(r.score, expected, `${tier} +${corr.length} −${contra.length} ${source_type}`);
    assert.equal(r.label, label, `${tier} label`);
    assert.ok(r.basis[0].startsWith(`evidence_tier ${tier}`));
  }
  assert.equal(
    score({
      evidence_tier: 'ownership',
      source_type: 'user_assertion',
      proof_ref: true,
      review: { author: 'usr_1', reviewer: 'usr_2' },
    }).score,
    100,
  );
});

test('a claim supported only by network signals is capped at weak_signal', () => {
  const net = (ref: string) => ({ ref, source_type: 'network_signal' as const, tier: 'heuristic', level: 10 });
  const only = confidenceScore(tiers, {
    evidence_tier: 'forensic_investigation',
    source_type: 'network_signal',
    predicate: 'owns',
    corroboration: [net('net_1'), net('net_2')],
    contradictions: [],
  });
  assert.equal(only.score, 39);
  assert.equal(only.label, 'weak_signal');
  assert.equal(only.network_only, true);
  assert.match(only.basis.at(-1)!, /capped at 39/);
  const corroborated = confidenceScore(tiers, {
    evidence_tier: 'heuristic',
    source_type: 'network_signal',
    predicate: 'owns',
    corroboration: [{ ref: 'clm_x', source_type: 'exchange_response', tier: 'service_api', level: 70 }],
    contradictions: [],
  });
  assert.equal(corroborated.score, 28.9); // 10 + 90 × 0.3 × 0.7
  assert.equal(corroborated.network_only, false);
});

test('label thresholds: weak_signal < 40 ≤ moderate < 70 ≤ strong < 90 ≤ confirmed', () => {
  assert.deepEqual([0, 39.99, 40, 69.99, 70, 89.99, 90, 100].map(labelOf), [
    'weak_signal',
    'weak_signal',
    'moderate',
    'moderate',
    'strong',
    'strong',
    'confirmed',
    'confirmed',
  ]);
});

test('network signals: only redacted values pass', () => {
  for (const bad of [
    '203.0.113.7',
    'login from 10.0.0.1 at noon',
    '2001:db8::1',
    'fe80::1%eth0',
    '[2001:0db8:0000:0000:0000:ff00:0042:8329]',
    'john.doe@example.com',
    'mail: a@b.io',
  ]) {
    assert.ok(redactionProblem(bad), `refused: ${bad}`);
  }
  for (const ok of [
    '203.0.113.x',
    '203.0.*.*',
    '2001:db8:…',
    'j***@example.com',
    'xx@example.com',
    'ASN 64500, Frankfurt',
    'device fingerprint 9f3c…',
  ]) {
    assert.equal(redactionProblem(ok), null, `accepted: ${ok}`);
  }
});

test('network signal levels L0–L3', () => {
  assert.equal(signalLevel({ legal_process_id: null, corroborated: false, onchain_link: false }), 'L0');
  assert.equal(signalLevel({ legal_process_id: 'sub-1', corroborated: false, onchain_link: true }), 'L1');
  assert.equal(signalLevel({ legal_process_id: null, corroborated: true, onchain_link: false }), 'L2');
  assert.equal(signalLevel({ legal_process_id: 'sub-1', corroborated: true, onchain_link: true }), 'L3');
});

test('a correlation resting only on network signals is never review-free nor above weak_signal', () => {
  for (const level of ['L0', 'L1', 'L2', 'L3'] as const) {
    const c = correlation({
      subject: '0xabc',
      signal_id: 'net_1',
      level,
      signal_type: 'exchange_login_ip',
      source: 'x',
      supporting_claims: [],
    });
    assert.equal(c.review_required, true);
    assert.equal(c.label, 'weak_signal');
  }
  const backed = correlation({
    subject: '0xabc',
    signal_id: 'net_1',
    level: 'L3',
    signal_type: 'exchange_login_ip',
    source: 'x',
    supporting_claims: [{ claim_id: 'clm_1', source_type: 'exchange_response', label: 'strong' }],
  });
  assert.equal(backed.review_required, false);
});

const T = (hash: string, from: string, to: string, iso: string): ChainTransfer => ({
  transaction_hash: hash,
  network: 'ethereum',
  from,
  to,
  asset: 'USDT',
  amount: '100',
  timestamp: new Date(iso),
  block_number: 1,
});
const EXCH = new Map<string, ExchangeLabel>([
  [
    '0xex',
    {
      exchange: 'binance',
      level: 20,
      tier: 'web_crawl',
      label: {
        chain: 'ethereum',
        entity: 'binance',
        category: 'exchange',
        name_tags: 'Binance 9',
        sources: '',
        confidence: 'web_crawl',
      },
    },
  ],
]);

test('exchange hypotheses: deposit pattern within 72 hours, counterparty, label', () => {
  const own = [
    T('t1', '0xw', '0xdep', '2025-01-01T00:00:00Z'),
    T('t2', '0xw', '0xlate', '2025-01-01T00:00:00Z'),
    T('t3', '0xex', '0xw', '2025-01-05T00:00:00Z'),
  ];
  const fwd = new Map([
    ['0xdep', [T('f1', '0xdep', '0xex', '2025-01-03T23:00:00Z')]], // 71 h later
    ['0xlate', [T('f2', '0xlate', '0xex', '2025-01-04T01:00:00Z')]], // 73 h later
  ]);
  const hs = exchangeHypotheses({
    wallet: '0xw',
    network: 'ethereum',
    own,
    forwards: (a) => fwd.get(a) ?? [],
    exchangeOf: (a) => EXCH.get(a) ?? null,
  });
  const dep = hs.find((h) => h.basis === 'deposit_pattern')!;
  assert.equal(dep.exchange, 'binance');
  assert.deepEqual(
    dep.evidence.map((e) => e.transaction_hash),
    ['t1', 'f1'],
  );
  assert.equal(dep.confidence, 20); // min(label 20, untrusted_transaction 40)
  assert.equal(hs.find((h) => h.basis === 'counterparty')!.evidence[0].transaction_hash, 't3');
  const self = exchangeHypotheses({
    wallet: '0xex',
    network: 'ethereum',
    own: [],
    forwards: () => [],
    exchangeOf: (a) => EXCH.get(a) ?? null,
  });
  assert.deepEqual(
    self.map((h) => h.basis),
    ['label'],
  );
});

test('packet readiness: the most blocking condition wins', () => {
  assert.equal(
    packetReadiness({ collection_paused: true, authority_in_effect: false, has_relationship: false }),
    'collection_paused',
  );
  assert.equal(
    packetReadiness({ collection_paused: false, authority_in_effect: false, has_relationship: true }),
    'needs_authority',
  );
  assert.equal(
    packetReadiness({ collection_paused: false, authority_in_effect: true, has_relationship: false }),
    'needs_relationship',
  );
  assert.equal(
    packetReadiness({ collection_paused: false, authority_in_effect: true, has_relationship: true }),
    'ready',
  );
});

test('stablecoin exposure: USDT names Tether and addBlackList; unverified entries need review', () => {
  const coins = buildStablecoinIndex(JSON.parse(readFileSync('data/stablecoins/issuers.json', 'utf8')).entries);
  // By contract only (issue 31): a ticker alone, or another contract calling itself USDT, is no coin.
  assert.equal(findStablecoin(coins, 'ethereum', 'USDT'), null);
  assert.equal(findStablecoin(coins, 'ethereum', 'USDT', '0x00000000000000000000000000000000000000aa'), null);
  const usdt = findStablecoin(coins, 'ethereum', 'usdt', '0xdac17f958d2ee523a2206206994597c13d831ec7')!;
  const item = exposureItem({
    coin: usdt,
    wallet: '0xw',
    amount: '2100',
    onchain_status: null,
    status_note: null,
    valuation: pegValuation('2100'),
    valuation_time: '2026-11-28T00:00:00.000Z',
  });
  assert.match(item.issuer, /^Tether/);
  assert.equal(item.remediation_candidates[0].freeze_function, 'addBlackList');
  assert.match(item.freeze_capability_notes, /addBlackList\(address _evilUser\)/);
  assert.equal(item.valuation_basis, 'peg');
  assert.equal(item.usd_value, '2100');
  assert.equal(item.price_usd, '1');
  assert.equal(item.price_date, null);
  assert.equal(item.valuation_time, '2026-11-28T00:00:00.000Z');
  assert.match(item.price_source, /^peg \(data\/stablecoins\/issuers\.json\)$/);
  assert.equal(item.review_required, false);
  const polygon = exposureItem({
    coin: findStablecoin(coins, 'polygon', 'USDT', '0xc2132d05d31c914a87c6611c10748aeb04b58e8f')!,
    wallet: '0xw',
    amount: '1',
    onchain_status: null,
    status_note: null,
    valuation: pegValuation('1'),
    valuation_time: '2026-11-28T00:00:00.000Z',
  });
  assert.equal(polygon.review_required, true);
  assert.ok(polygon.review_reasons.some((r) => r.includes('freeze is not verified')));
  assert.equal(findStablecoin(coins, 'ethereum', 'X', '0xdAC17F958D2ee523a2206206994597C13D831ec7')!.ticker, 'USDT');
  const dai = exposureItem({
    coin: findStablecoin(coins, 'ethereum', 'DAI', '0x6B175474E89094C44Da98b954EedeAC495271d0F')!,
    wallet: '0xw',
    amount: '5',
    onchain_status: null,
    status_note: null,
    valuation: pegValuation('5'),
    valuation_time: '2026-11-28T00:00:00.000Z',
  });
  assert.equal(dai.remediation_candidates.length, 0);
  assert.match(dai.freeze_capability_notes, /no issuer freeze/);
});

test('addresses are validated for their network', () => {
  assert.ok('error' in walletFor('38fJPq4dYGPoJizEUGCL9yWkqg73cJmC2n', 'ethereum'));
  assert.ok('error' in walletFor('0x001866ae5b3de6caa5a51543fd9fb64f524f5478', 'tron'));
  assert.ok('error' in walletFor('0x001866AE5b3de6caa5a51543fd9fb64f524f5478', 'ethereum')); // bad EIP-55
  const ok = walletFor('0x001866ae5b3de6caa5a51543fd9fb64f524f5478', 'base');
  assert.ok(!('error' in ok) && ok.key === '0x001866ae5b3de6caa5a51543fd9fb64f524f5478');
  // Solana: base58 of exactly 32 bytes; case is kept (it is data); Bitcoin/Tron base58check are 25 bytes.
  for (const a of [
    'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', // Circle USDC mint
    'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', // Tether USDT mint
    'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', // SPL Token program (43 characters)
    '11111111111111111111111111111111', // System Program (32 zero bytes, 32 characters)
  ]) {
    const w = walletFor(a, 'solana');
    assert.ok(!('error' in w) && w.key === a && w.address === a, a);
  }
  assert.ok('error' in walletFor('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1vv', 'solana')); // 33 bytes
  assert.ok('error' in walletFor('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt10', 'solana')); // '0' is not base58
  assert.ok('error' in walletFor('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'solana')); // Tron
  assert.ok('error' in walletFor('38fJPq4dYGPoJizEUGCL9yWkqg73cJmC2n', 'solana')); // Bitcoin P2SH
  assert.ok('error' in walletFor('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 'ethereum'));
  assert.ok(!('error' in walletFor('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'tron')));
  assert.ok(!('error' in walletFor('38fJPq4dYGPoJizEUGCL9yWkqg73cJmC2n', 'bitcoin')));
});

test('graph helpers: owner contradictions and exact sums', () => {
  const c = contradictionReport(
    indexContradictions([
      { claim_id: 'clm_a', subject: 'Alice', predicate: 'owns', object: '0xW' },
      { claim_id: 'clm_b', subject: 'Bob', predicate: 'controls', object: '0xw' },
      { claim_id: 'clm_c', subject: 'Alice', predicate: 'owns', object: '0xw' },
    ]),
  );
  // One contested object: Bob contradicts both of Alice's claims; Alice's two agree.
  assert.deepEqual(
    c.groups.map((g) => [g.object, g.relation, g.subjects, g.claim_ids]),
    [['0xW', 'owns or controls', ['Alice', 'Bob'], ['clm_a', 'clm_c', 'clm_b']]],
  );
  assert.equal(
    sumDecimals(['0.1', '0.2', '1000000000000000000.000000000000000001']),
    '1000000000000000000.300000000000000001',
  );
});
