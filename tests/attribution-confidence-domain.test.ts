/**
 * Issue 31 part 2: attribution confidence bound to evidence. Each of the domain review's wrong
 * results is a row here, with the value worked by hand from the GraphSense levels
 * (data/attribution/graphsense-confidence.csv) and the documented formula
 * (docs/attribution-confidence.md), not read back from the code.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  confidenceScore,
  defaultTier,
  parseConfidenceCsv,
  tierProblem,
  type ClaimSourceType,
  type Evidence,
  type ScoreInput,
} from '../src/server/domain/attribution/confidence';
import {
  contradictionProblem,
  contradictionReport,
  indexContradictions,
  isCustodianName,
} from '../src/server/domain/attribution/contradictions';
import { scoreMatrix } from '../src/server/domain/attribution/matrix';

const tiers = parseConfidenceCsv(readFileSync('data/attribution/graphsense-confidence.csv', 'utf8'));
const ev = (ref: string, source_type: ClaimSourceType, tier: string): Evidence => ({
  ref,
  source_type,
  tier,
  level: tiers.get(tier)!.level,
});
const score = (i: Partial<ScoreInput> & Pick<ScoreInput, 'evidence_tier' | 'source_type' | 'predicate'>) =>
  confidenceScore(tiers, { corroboration: [], contradictions: [], ...i });
const EXCHANGES = new Set(['binance', 'kucoin', 'gate-io', 'crypto-com']);
const custodian = (s: string) => isCustodianName(s, EXCHANGES);

test('review: a network signal cannot assert ownership; an on-chain fact is ledger_immanent only for ledger predicates', () => {
  assert.match(tierProblem('network_signal', 'owns', 'ownership', false)!, /cannot use evidence tier 'ownership'/);
  assert.match(tierProblem('network_signal', 'owns', 'forensic_investigation', false)!, /Allowed: heuristic, unknown/);
  assert.equal(tierProblem('network_signal', 'owns', 'heuristic', false), null);
  assert.match(tierProblem('onchain', 'controls', 'ledger_immanent', false)!, /ledger shows transfers/);
  assert.equal(tierProblem('onchain', 'deposited_to', 'ledger_immanent', false), null);
  assert.match(tierProblem('user_assertion', 'owns', 'ownership', false)!, /proof_of_control/);
  assert.equal(tierProblem('user_assertion', 'owns', 'ownership', true), null);
  assert.match(tierProblem('osint', 'owns', 'override', false)!, /cannot use/);
});

test('review: any on-chain `controls` claim no longer defaults to 100 (the ledger cannot show control)', () => {
  assert.equal(defaultTier('onchain', 'controls'), 'heuristic');
  assert.equal(defaultTier('onchain', 'owns'), 'heuristic');
  assert.equal(defaultTier('onchain', 'deposited_to'), 'ledger_immanent');
  assert.equal(defaultTier('network_signal', 'controls'), 'heuristic');
  assert.equal(defaultTier('exchange_response', 'owns'), 'service_api');
});

test('confidence formula v2: hand-computed table (each corroboration and contradiction at its own tier)', () => {
  // [case, input, expected score, expected label]
  const table: [string, Parameters<typeof score>[0], number, string][] = [
    [
      'KYC response alone: service_api 70',
      { evidence_tier: 'service_api', source_type: 'exchange_response', predicate: 'owns' },
      70,
      'strong',
    ],
    [
      'KYC + court filing (authority_data 60): 70 + 30 × 0.3 × 0.6',
      {
        evidence_tier: 'service_api',
        source_type: 'exchange_response',
        predicate: 'owns',
        corroboration: [ev('clm_c', 'court_filing', 'authority_data')],
      },
      75.4,
      'strong',
    ],
    [
      '… + osint web_crawl 20 second: 75.4 + 24.6 × 0.3 × 0.2 / 2 = 76.138',
      {
        evidence_tier: 'service_api',
        source_type: 'exchange_response',
        predicate: 'owns',
        corroboration: [ev('clm_o', 'osint', 'web_crawl'), ev('clm_c', 'court_filing', 'authority_data')],
      },
      76.14,
      'strong',
    ],
    [
      'review: three network-signal corroborations of a network claim: 10 → 12.7 → 14.0095 → 14.8694',
      {
        evidence_tier: 'heuristic',
        source_type: 'network_signal',
        predicate: 'owns',
        corroboration: [
          ev('net_a', 'network_signal', 'heuristic'),
          ev('net_b', 'network_signal', 'heuristic'),
          ev('net_c', 'network_signal', 'heuristic'),
        ],
      },
      14.87,
      'weak_signal',
    ],
    [
      'review: an unknown tip with 25 unknown tips behind it: 10 count, each × 0.05 → 9.0994, far below one KYC response (70)',
      {
        evidence_tier: 'unknown',
        source_type: 'user_assertion',
        predicate: 'owns',
        corroboration: Array.from({ length: 25 }, (_, i) => ev(`clm_tip${i}`, 'user_assertion', 'unknown')),
      },
      9.1,
      'weak_signal',
    ],
    [
      'review: one unsupported denial (unknown 5) of an on-chain fact: 100 × (1 − 0.4 × 0.05) = 98, not 60',
      {
        evidence_tier: 'ledger_immanent',
        source_type: 'onchain',
        predicate: 'deposited_to',
        contradictions: [ev('clm_deny', 'user_assertion', 'unknown')],
      },
      98,
      'confirmed',
    ],
    [
      'a court finding against it (authority_data 60): 100 × 0.76',
      {
        evidence_tier: 'ledger_immanent',
        source_type: 'onchain',
        predicate: 'deposited_to',
        contradictions: [ev('clm_court', 'court_filing', 'authority_data')],
      },
      76,
      'strong',
    ],
    [
      'a KYC response against a KYC response: 70 × 0.72',
      {
        evidence_tier: 'service_api',
        source_type: 'exchange_response',
        predicate: 'owns',
        contradictions: [ev('clm_k', 'exchange_response', 'service_api')],
      },
      50.4,
      'moderate',
    ],
    [
      'review: on-chain controls, forensic 70 + osint forensic 50 = 74.5, no proof of control: capped at 69',
      {
        evidence_tier: 'forensic_investigation',
        source_type: 'onchain',
        predicate: 'controls',
        corroboration: [ev('clm_r', 'osint', 'forensic')],
      },
      69,
      'moderate',
    ],
    [
      'on-chain controls + an exchange response (proof of control): 70 + 30 × 0.3 × 0.7 = 76.3',
      {
        evidence_tier: 'forensic_investigation',
        source_type: 'onchain',
        predicate: 'controls',
        corroboration: [ev('clm_kyc', 'exchange_response', 'service_api')],
      },
      76.3,
      'strong',
    ],
    [
      'on-chain controls with a signed message among its source refs: 70',
      { evidence_tier: 'forensic_investigation', source_type: 'onchain', predicate: 'controls', proof_ref: true },
      70,
      'strong',
    ],
    [
      'user assertion with a signed message, unreviewed: 100 capped at 69',
      { evidence_tier: 'ownership', source_type: 'user_assertion', predicate: 'owns', proof_ref: true },
      69,
      'moderate',
    ],
    [
      'review: the same, "reviewed" by its own author: still 69',
      {
        evidence_tier: 'ownership',
        source_type: 'user_assertion',
        predicate: 'owns',
        proof_ref: true,
        review: { author: 'usr_a', reviewer: 'usr_a' },
      },
      69,
      'moderate',
    ],
    [
      'the same, reviewed by someone else: 100',
      {
        evidence_tier: 'ownership',
        source_type: 'user_assertion',
        predicate: 'owns',
        proof_ref: true,
        review: { author: 'usr_a', reviewer: 'key_b' },
      },
      100,
      'confirmed',
    ],
  ];
  for (const [name, input, expected, label] of table) {
    const r = score(input);
    assert.equal(r.score, expected, `${name}: ${r.basis.join(' | ')}`);
    assert.equal(r.label, label, name);
  }
});

test('only the 10 strongest corroborations count, the rest are named as not counted', () => {
  const r = score({
    evidence_tier: 'unknown',
    source_type: 'user_assertion',
    predicate: 'owns',
    corroboration: Array.from({ length: 25 }, (_, i) => ev(`clm_${i}`, 'user_assertion', 'unknown')),
  });
  assert.ok(r.basis.some((b) => b === '15 more corroboration(s) not counted: at most 10 count'));
  assert.ok(r.basis.length <= 1 + 5 + 1 + 1 + 1);
});

test('review: custody by an exchange and beneficial control do not contradict; two custodians or two beneficial owners do', () => {
  assert.ok(custodian('Binance'));
  assert.ok(custodian('Binance Holdings Ltd'));
  assert.ok(custodian('Gate.io'));
  assert.ok(custodian('Crypto.com'));
  assert.ok(!custodian('Alice Debtor'));
  assert.ok(!custodian('Nominee Binance')); // the exchange's name must lead
  const debtor = { subject: 'Harbor Lane Widgets LLC', predicate: 'controls', object: '0xD' };
  const binance = { subject: 'Binance', predicate: 'controls', object: '0xd' };
  const kucoin = { subject: 'KuCoin', predicate: 'owns', object: '0xD' };
  const nominee = { subject: 'Bob Nominee', predicate: 'owns', object: '0xD' };
  assert.match(contradictionProblem(debtor, binance, custodian)!, /custody .* coexist/);
  assert.equal(contradictionProblem(binance, kucoin, custodian), null);
  assert.equal(contradictionProblem(debtor, nominee, custodian), null);
  assert.match(
    contradictionProblem(debtor, { ...nominee, predicate: 'transacted_with' }, custodian)!,
    /only owns\/controls/,
  );
  const claims = [
    { claim_id: 'clm_d', ...debtor },
    { claim_id: 'clm_b', ...binance },
  ];
  assert.equal(indexContradictions(claims, custodian).groups.length, 0);
  // Without the custodian test (the old behaviour) it was one contested object.
  assert.equal(indexContradictions(claims).groups.length, 1);
  const four = indexContradictions(
    [...claims, { claim_id: 'clm_k', ...kucoin }, { claim_id: 'clm_n', ...nominee }],
    custodian,
  );
  const report = contradictionReport(four);
  assert.deepEqual(report.groups.map((g) => g.subjects).sort(), [
    ['Binance', 'KuCoin'],
    ['Harbor Lane Widgets LLC', 'Bob Nominee'],
  ]);
});

test('the matrix counts each claim at its tier: an unproven on-chain control claim stays ≤ 69, a lone denial costs 2%', () => {
  const rows = scoreMatrix(
    tiers,
    [
      { id: 'clm_1', subject: 'Debtor', predicate: 'controls', object: '0xD', source_type: 'onchain', score: null },
      { id: 'clm_2', subject: 'Debtor', predicate: 'controls', object: '0xD', source_type: 'osint', score: null },
      { id: 'clm_3', subject: 'Binance', predicate: 'controls', object: '0xD', source_type: 'osint', score: null },
      {
        id: 'clm_4',
        subject: 'Nominee',
        predicate: 'controls',
        object: '0xD',
        source_type: 'user_assertion',
        score: null,
      },
    ],
    indexContradictions(
      [
        { claim_id: 'clm_1', subject: 'Debtor', predicate: 'controls', object: '0xD' },
        { claim_id: 'clm_2', subject: 'Debtor', predicate: 'controls', object: '0xD' },
        { claim_id: 'clm_3', subject: 'Binance', predicate: 'controls', object: '0xD' },
        { claim_id: 'clm_4', subject: 'Nominee', predicate: 'controls', object: '0xD' },
      ],
      custodian,
    ),
  );
  const by = Object.fromEntries(rows.map((r) => [r.claim_id, r.score]));
  // clm_1: heuristic 10, + osint web_crawl 20 → 10 + 90 × 0.3 × 0.2 = 15.4; × (1 − 0.4 × 0.05) for Nominee = 15.092
  assert.equal(by.clm_1, 15.09);
  // clm_2: web_crawl 20, + onchain heuristic 10 → 20 + 80 × 0.03 = 22.4; × 0.98 = 21.952
  assert.equal(by.clm_2, 21.95);
  // clm_3 (Binance, custody): not contradicted by anyone: web_crawl 20
  assert.equal(by.clm_3, 20);
  // clm_4: unknown 5 × (1 − 0.04)(1 − 0.08) = 4.416
  assert.equal(by.clm_4, 4.42);
});
