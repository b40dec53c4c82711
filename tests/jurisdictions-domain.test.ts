/**
 * Every US jurisdiction's enforcement row (data/jurisdictions/enforcement-rules.json) and time
 * computed as the forum computes it (FRCP 6(a)(1)(C) with the shipped holiday tables).
 *
 * The expected dates are worked from the rules and a calendar, not from the code: e.g. a
 * judgment of the S.D.N.Y. entered Wednesday 2025-06-04 is stayed 30 days (FRCP 62(a)) to
 * Friday 2025-07-04, Independence Day (5 U.S.C. § 6103), so the stay runs to Monday 2025-07-07.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import data from '../data/jurisdictions/enforcement-rules.json' with { type: 'json' };
import federalHolidays from '../data/us-federal-holidays/holidays.json' with { type: 'json' };
import stateHolidays from '../data/us-state-holidays/holidays.json' with { type: 'json' };
import {
  JURISDICTION_RE,
  KNOWN_JURISDICTIONS,
  TOOL_KEYS,
  resolveRules,
  type JurisdictionRow,
} from '../src/server/domain/judgments/jurisdiction-rules';
import { computeDeadlines, type DeadlineSpec } from '../src/server/domain/judgments/deadlines';
import { periodEndInDays, rollToCourtDay } from '../src/server/domain/judgments/court-time';
import { automaticStayEnd } from '../src/server/domain/judgments/validation-gates';

const STATES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY',
  'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND',
  'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
]; // prettier-ignore
const TERRITORIES = ['PR', 'GU', 'VI', 'MP', 'AS'];
const EVERY = ['US-FED', ...[...STATES, 'DC', ...TERRITORIES].map((s) => `US-${s}`)];
const ROWS = data.jurisdictions as unknown as JurisdictionRow[];
const rowOf = (code: string) => ROWS.find((r) => r.code === code)!;
const AIP_TOOLS = [
  'restraining_notice',
  'information_subpoena',
  'citation_to_discover_assets',
  'garnishment_summons',
  'other',
];

const cited = (what: string, x: { citation: string } | null | undefined) => {
  if (x === null || x === undefined) return;
  assert.equal(typeof x.citation, 'string', what);
  assert.ok(x.citation.trim().length > 3, `${what}: citation`);
};

const deadlines = (code: string, entered: string): DeadlineSpec[] =>
  computeDeadlines({
    rules: resolveRules(code),
    date_entered: entered,
    judgment_type: 'standard',
    consumer_debt: false,
    renewal_override: null,
    today: '2025-06-10',
  });
const stayEnd = (code: string, entered: string) =>
  deadlines(code, entered).find((d) => d.kind === 'automatic_stay_end');

describe('every US jurisdiction has a complete, cited row', () => {
  test('the 50 states, DC, the five inhabited territories and the federal courts, nothing else', () => {
    assert.equal(EVERY.length, 57);
    assert.deepEqual([...KNOWN_JURISDICTIONS].sort(), [...EVERY].sort());
    assert.equal(new Set(ROWS.map((r) => r.code)).size, ROWS.length, 'no duplicate codes');
    for (const code of EVERY) assert.match(code, JURISDICTION_RE);
  });

  for (const code of EVERY) {
    test(`${code}: every section present and cited; verified only where a source was read`, () => {
      const r = rowOf(code);
      assert.ok(r.name && typeof r.verified === 'boolean');
      cited(`${code} life`, r.life);
      cited(`${code} renewal`, r.renewal);
      cited(`${code} dormancy`, r.dormancy);
      cited(`${code} stay`, r.stay);
      cited(`${code} interest`, r.interest);
      assert.ok(['fixed', 'index'].includes(r.interest.method));
      assert.ok(r.interest.method === 'index' ? r.interest.index !== null : /^\d+(\.\d+)?$/.test(r.interest.rate_pct!));
      assert.deepEqual(Object.keys(r.enforcement_tools).sort(), [...TOOL_KEYS].sort(), `${code} tools`);
      for (const k of TOOL_KEYS) {
        const t = r.enforcement_tools[k];
        assert.ok(t === null || (typeof t === 'string' && t.length > 3), `${code} ${k}`);
      }
      assert.ok(Array.isArray(r.attorney_issued_process));
      for (const p of r.attorney_issued_process) {
        assert.ok(AIP_TOOLS.includes(p.tool), `${code} ${p.tool}`);
        cited(`${code} attorney-issued ${p.tool}`, p);
        assert.ok(p.summary.length > 10);
      }
      assert.ok(['UEFJA', 'other'].includes(r.domestication.act));
      cited(`${code} domestication`, r.domestication);
      cited(`${code} exemptions`, r.exemptions);
      cited(`${code} lien`, r.lien);
      assert.ok(r.lien.years === null || r.lien.years > 0);
      cited(`${code} time rule`, r.time_rule);
      assert.ok(['federal', 'state'].includes(r.time_rule.holidays));
      for (const s of [r.domestication, r.exemptions, r.lien]) assert.equal(typeof s.verified, 'boolean');
      assert.ok(r.citations.length > 0 && r.citations.every((c) => c.length > 3));
      if (r.source_row === null) {
        // Added without research notes: never verified as a row; a verified section needs a page read.
        assert.equal(r.verified, false, `${code} row`);
        const sections = [r.life, r.renewal, r.dormancy, r.stay, r.interest, r.domestication, r.exemptions, r.lien];
        if (sections.some((s) => s?.verified))
          assert.ok((r.sources ?? []).length > 0, `${code}: verified without sources`);
        for (const u of r.sources ?? []) assert.match(u, /^https?:\/\//);
      }
    });
  }

  test('every state and DC has a judgment-life rule: a dated, cited deadline, no placeholder', () => {
    for (const s of [...STATES, 'DC']) {
      const ds = deadlines(`US-${s}`, '2025-06-04');
      const life = ds.filter((d) => ['renewal', 'enforcement_period_end', 'dormancy'].includes(d.kind) && d.date);
      assert.ok(life.length > 0, `US-${s}`);
      assert.ok(
        life.every((d) => d.legal_basis),
        `US-${s}`,
      );
    }
  });

  test('the territories not researched say so: a review placeholder, not a guessed date', () => {
    for (const t of ['GU', 'VI', 'MP', 'AS']) {
      const [d] = deadlines(`US-${t}`, '2025-06-04');
      assert.equal(d.date, null);
      assert.equal(d.review_required, true);
    }
  });

  test('the eight states the review named now get a judgment-life deadline with its statute', () => {
    // Worked from the statutes for a judgment entered 2025-06-04 (last day = day before the anniversary).
    const cases: [string, string, string, RegExp][] = [
      ['US-OH', 'renewal', '2030-06-03', /2329\.07/], // dormant after 5 years
      ['US-MI', 'renewal', '2035-06-03', /600\.5809/], // 10 years, renewed by action
      ['US-AZ', 'renewal', '2035-06-03', /12-1612/], // 10 years, renewal affidavit
      ['US-CO', 'enforcement_period_end', '2045-06-03', /13-52-102/], // 20 years; lien 6
      ['US-NC', 'renewal', '2035-06-03', /1-47/], // 10 years
      ['US-VA', 'renewal', '2035-06-03', /8\.01-251/], // 10 years (judgments from 2021-07-01)
      ['US-MN', 'renewal', '2035-06-03', /541\.04/], // 10 years, action on the judgment
      ['US-MO', 'renewal', '2035-06-03', /74\.09|516\.350/], // 10 years, revival motion
    ];
    for (const [code, kind, date, basis] of cases) {
      const d = deadlines(code, '2025-06-04').find((x) => x.kind === kind);
      assert.ok(d, `${code} ${kind}`);
      assert.equal(d.date, date, code);
      assert.match(d.legal_basis!, basis, code);
    }
    // Arizona's renewal affidavit may be filed only in the last 90 days (A.R.S. § 12-1612(B)).
    assert.equal(deadlines('US-AZ', '2025-06-04')[0].window_opens, '2035-03-06');
  });
});

describe('enforcement tools: the citations the review found wrong', () => {
  test('Texas: garnishment (CPRC ch. 63, TRCP 657-679) and turnover (CPRC § 31.002), not TRCP 627/628 as restraint', () => {
    const tx = resolveRules('US-TX').enforcement_tools;
    assert.doesNotMatch(tx.restraint ?? '', /627|628/);
    assert.match(tx.garnishment!, /ch\. 63/);
    assert.match(tx.garnishment!, /657-679/);
    assert.match(tx.turnover!, /31\.002/);
  });

  test('California: an exchange is reached by third-party examination (CCP 708.120) or levy, not the debtor-examination lien', () => {
    const ca = resolveRules('US-CA').enforcement_tools;
    assert.match(ca.restraint!, /708\.120/);
    assert.doesNotMatch(ca.restraint!, /708\.110/);
    assert.match(ca.third_party_examination!, /708\.120/);
    assert.match(ca.levy!, /700\./);
  });

  test("attorney-issued process: NY restraining notice and information subpoena; IL citation; federal courts add the state's", () => {
    const ny = resolveRules('US-NY').attorney_issued_process;
    assert.deepEqual(
      ny.map((p) => [p.tool, p.citation]),
      [
        ['restraining_notice', 'N.Y. CPLR 5222(a)'],
        ['information_subpoena', 'N.Y. CPLR 5224(a)(3)'],
      ],
    );
    assert.equal(resolveRules('US-IL').attorney_issued_process[0].tool, 'citation_to_discover_assets');
    const fed = resolveRules('US-FED-NY').attorney_issued_process.map((p) => p.tool);
    assert.deepEqual(fed, ['information_subpoena', 'restraining_notice', 'information_subpoena']);
    assert.match(
      resolveRules('US-FED-NY').enforcement_tools.restraint!,
      /5222/,
      "FRCP 69(a)(1): the forum state's restraint",
    );
    assert.match(resolveRules('US-FED-NY').enforcement_tools.discovery!, /69\(a\)\(2\)/);
    assert.match(resolveRules('US-FED-CA').domestication!.citation, /1963/);
    assert.equal(resolveRules('US-CA').domestication!.act, 'other', 'California: Sister State Money Judgments Act');
    assert.equal(resolveRules('US-OH').domestication!.act, 'UEFJA');
  });

  test('no state is left with no tools', () => {
    for (const s of STATES) {
      const t = resolveRules(`US-${s}`).enforcement_tools;
      assert.ok(TOOL_KEYS.filter((k) => t[k]).length >= 2, `US-${s}`);
    }
  });
});

describe('time computed as courts compute it (FRCP 6(a)(1)(C) and state analogues)', () => {
  test('a federal stay ending on a legal holiday runs to the next court day', () => {
    // 2025-06-04 + 30 = Friday 2025-07-04 (Independence Day) → Saturday, Sunday → Monday 2025-07-07.
    const d = stayEnd('US-FED-NY', '2025-06-04')!;
    assert.equal(d.date, '2025-07-07');
    assert.equal(d.review_required, false, 'New York ships its holiday table');
    assert.match(d.description, /6\(a\)\(1\)\(C\)/);
    assert.equal(
      automaticStayEnd(resolveRules('US-FED-NY'), '2025-06-04', 'standard'),
      '2025-07-07',
      'the gate agrees',
    );
  });

  test('table of real calendar cases', () => {
    const cases: [string, string, string, string][] = [
      // [forum, entered, expected last day, why]
      ['US-FED-NY', '2025-01-02', '2025-02-03', '+30 = Saturday 2025-02-01 → Monday'],
      ['US-FED-NY', '2023-03-01', '2023-03-31', '+30 = Friday, a court day'],
      [
        'US-FED-NY',
        '2026-01-13',
        '2026-02-13',
        "+30 = Thursday 2026-02-12, Lincoln's Birthday (N.Y. Gen. Constr. Law § 24; FRCP 6(a)(6)(C))",
      ],
      ['US-FED-NY', '2026-10-04', '2026-11-04', '+30 = Tuesday 2026-11-03, general election day in New York'],
      [
        'US-FED-CA',
        '2026-01-13',
        '2026-02-12',
        'no California table: the federal calendar alone (with review_required)',
      ],
      ['US-FED-NY', '2025-10-28', '2025-11-28', '+30 = Thursday 2025-11-27, Thanksgiving'],
      [
        'US-FED-NY',
        '2021-05-20',
        '2021-06-21',
        '+30 = Saturday 2021-06-19 (Juneteenth, observed Friday the 18th) → Monday',
      ],
      ['US-FED-NY', '2026-06-03', '2026-07-06', '+30 = Friday 2026-07-03, Independence Day observed → Monday'],
      ['US-TX', '2025-06-04', '2025-07-07', 'TRCP 627 30 days → Friday 2025-07-04 → Monday'],
      ['US-TX', '2024-03-15', '2024-04-15', '+30 = Sunday → Monday'],
      ['US-GA', '2025-11-17', '2025-11-28', 'O.C.G.A. § 9-11-62(a) 10 days → Thanksgiving → Friday'],
      ['US-MI', '2025-12-04', '2025-12-26', 'MCR 2.614(A)(1) 21 days → Thursday 2025-12-25 → Friday'],
      ['US-VA', '2025-12-11', '2026-01-02', 'Va. Code § 8.01-466: 21 days → Thursday 2026-01-01 → Friday'],
    ];
    for (const [code, entered, expected, why] of cases)
      assert.equal(stayEnd(code, entered)?.date, expected, `${code} ${entered}: ${why}`);
  });

  test('a state court computes with its own holidays; without a shipped table, federal ones and review_required', () => {
    const ny = resolveRules('US-NY');
    // Thursday 2026-02-12 is Lincoln's Birthday in New York (Gen. Constr. Law §§ 24, 25-a), not a federal holiday.
    assert.equal(rollToCourtDay('2026-02-12', ny).date, '2026-02-13');
    assert.deepEqual(rollToCourtDay('2026-02-12', ny).review_reasons, []);
    // Sunday holiday: the next day is the holiday (Christmas 2022 → Monday 2022-12-26) → Tuesday.
    assert.equal(rollToCourtDay('2022-12-25', ny).date, '2022-12-27');
    const tx = stayEnd('US-TX', '2025-06-04')!;
    assert.equal(tx.review_required, true);
    assert.ok(tx.review_reasons.some((r) => /No holiday table for US-TX/.test(r)));
    const fedCa = stayEnd('US-FED-CA', '2026-01-13')!;
    assert.ok(fedCa.review_reasons.some((r) => /6\(a\)\(6\)\(C\)/.test(r)));
    assert.equal(resolveRules('US-FED-CA').time_rule!.citation, 'Fed. R. Civ. P. 6(a)');
    assert.equal(resolveRules('US-NY').time_rule!.holidays, 'state');
  });

  test('a date beyond the holiday tables is computed but flagged, never silently trusted', () => {
    const d = periodEndInDays('2035-12-20', 30, resolveRules('US-FED-NY'));
    assert.equal(d.date, '2036-01-21', '2036-01-19 is a Saturday; MLK Day 2036 (the 21st) is not in the table');
    assert.ok(d.review_reasons.some((r) => /outside the shipped holiday tables/.test(r)));
  });

  test('the holiday tables follow 5 U.S.C. § 6103 and N.Y. Gen. Constr. Law § 24 for 2010-2035', () => {
    assert.deepEqual(federalHolidays.years, [2010, 2035]);
    const dates = new Set(federalHolidays.holidays.map((h) => h.date));
    for (const d of ['2010-12-31', '2021-06-18', '2025-07-04', '2026-07-03', '2027-06-18', '2035-11-22'])
      assert.ok(dates.has(d), d);
    assert.ok(!dates.has('2020-06-19'), 'Juneteenth became a federal holiday in 2021');
    for (let y = 2010; y <= 2035; y++) {
      const n = federalHolidays.holidays.filter((h) => h.actual_date.startsWith(`${y}-`)).length;
      assert.equal(n, y >= 2021 ? 11 : 10, String(y));
    }
    const ny = new Set(stateHolidays.states['US-NY'].holidays.map((h) => h.date));
    for (const d of ['2026-02-12', '2026-11-03', '2023-02-13', '2025-06-19']) assert.ok(ny.has(d), d);
  });
});

describe('jurisdiction codes: malformed, unknown, well-formed', () => {
  test('the intake pattern takes ISO 3166-2 and US-FED-<state>; anything else is refused (400 at the API)', () => {
    for (const ok of ['US-CA', 'US-FED-NY', 'US-PR', 'FR-75', 'US-ZZ']) assert.match(ok, JURISDICTION_RE);
    for (const bad of ['California', 'US', 'USCA', 'US_CA', 'US-', 'us-ca', 'US-CALIF', ''])
      assert.doesNotMatch(bad, JURISDICTION_RE);
  });

  test('a well-formed unknown code resolves to review_required, never a throw', () => {
    for (const code of ['US-ZZ', 'FR-75', 'US-FED-ZZ']) {
      const r = resolveRules(code);
      assert.ok(r.review_reasons.length > 0, code);
      const ds = deadlines(code, '2025-06-04');
      assert.ok(
        ds.every((d) => d.review_required),
        code,
      );
    }
    assert.equal(resolveRules('US-ZZ').known, false);
    assert.equal(resolveRules('US-FED-ZZ').life, null);
  });
});
