/**
 * Report bodies write amounts and dates as the report's PDF does (domain/reader-format.ts):
 * "$13,500.00", "March 1, 2026"; the section data keeps the exact decimal strings and ISO dates.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { moneyJson } from '../src/server/money';
import { sectionFor } from '../src/server/domain/reports/bodies';

const hide = { addresses: [], listed_names: [] };
const usd = (v: string) => moneyJson(v, 'USD');

const CASES: { name: string; key: string; data: Record<string, unknown>; has: string[]; hasNot: string[] }[] = [
  {
    name: 'summary: balance and recoveries in dollars, the day in words',
    key: 'summary',
    data: {
      matter: { name: 'Acme v. Doe' },
      balance_outstanding: usd('13500'),
      recovered: usd('1250.5'),
      as_of: '2026-03-01',
    },
    has: ['Outstanding balance: $13,500.00; recovered so far: $1,250.50 (as of March 1, 2026).'],
    hasNot: ['13500 USD', '2026-03-01'],
  },
  {
    name: 'judgments: amount, entry date and next deadline',
    key: 'judgments',
    data: {
      judgments: [
        {
          case_number: '1:23-cv-04567',
          court: 'S.D.N.Y.',
          date_entered: '2023-06-14',
          amount: usd('1250000'),
          debtor: 'Harbor Lane Plumbing LLC',
          status: 'entered',
          next_deadline: { title: 'Renew the lien', due_date: '2033-06-14' },
        },
      ],
    },
    has: ['entered June 14, 2023): $1,250,000.00 against Harbor Lane Plumbing LLC', 'Renew the lien on June 14, 2033.'],
    hasNot: ['1250000'],
  },
  {
    name: 'ledger: every figure; another currency follows its amount',
    key: 'ledger',
    data: {
      judgment_principal: moneyJson('10000', 'EUR'),
      accrued_interest: moneyJson('123.456', 'EUR'),
      costs: moneyJson('0', 'EUR'),
      recovered: moneyJson('2000', 'EUR'),
      recovery_events: 1,
      distributed: moneyJson('0', 'EUR'),
      balance_outstanding: moneyJson('8123.456', 'EUR'),
      as_of: '2026-11-28',
    },
    has: [
      'Judgment principal 10,000.00 EUR, accrued interest 123.456 EUR, costs 0.00 EUR.',
      'Recovered 2,000.00 EUR in 1 recovery; distributed 0.00 EUR.',
      'Outstanding balance 8,123.456 EUR as of November 28, 2026.',
    ],
    hasNot: ['10000 EUR'],
  },
  {
    name: 'recoveries: a negative balance keeps its sign before the symbol',
    key: 'recoveries',
    data: { recovered: usd('500'), recovery_events: 2, balance_outstanding: usd('-12.3'), as_of: '2026-01-05' },
    has: ['So far $500.00 has been recovered in 2 recoveries', 'is -$12.30 as of January 5, 2026.'],
    hasNot: [],
  },
  {
    name: "your share: the claimant's amounts",
    key: 'your_share',
    data: {
      claimant: { name: 'Jane Roe', role: 'judgment_creditor' },
      share_pct: 25,
      share_of_net_recoveries: usd('3375'),
      distributed_to_claimant: usd('0'),
    },
    has: ['holds 25% of the net recoveries: $3,375.00 so far. Distributed to you: $0.00.'],
    hasNot: [],
  },
  {
    name: 'actions and next steps: due days in words',
    key: 'actions',
    data: { open: 1, completed: 0, items: [{ title: 'Serve discovery', due_at: '2026-12-01T17:00:00.000Z' }] },
    has: ['Next: Serve discovery (due December 1, 2026).'],
    hasNot: ['2026-12-01'],
  },
  {
    name: 'a missing amount is said to be unknown',
    key: 'ledger',
    data: { as_of: '2026-11-28' },
    has: ['Judgment principal not known'],
    hasNot: ['undefined'],
  },
];

describe('report bodies: readable amounts and dates', () => {
  for (const c of CASES) {
    test(c.name, () => {
      for (const profile of ['none', 'external'] as const) {
        const s = sectionFor(c.key, c.data, profile, hide);
        for (const text of c.has) assert.ok(s.body.includes(text), `${profile}: ${JSON.stringify(text)} in ${s.body}`);
        for (const text of c.hasNot)
          assert.ok(!s.body.includes(text), `${profile}: no ${JSON.stringify(text)} in ${s.body}`);
      }
    });
  }

  test('the data keeps the exact decimal strings', () => {
    const s = sectionFor(
      'recoveries',
      { recovered: usd('13500'), balance_outstanding: usd('0.1'), as_of: '2026-03-01' },
      'none',
      hide,
    );
    assert.equal((s.data.recovered as { amount_decimal: string }).amount_decimal, '13500');
    assert.equal(s.data.as_of, '2026-03-01');
  });
});
