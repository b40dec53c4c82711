/**
 * Unit tests of sanctions screening (no server): name normalization, the SDN list parser and
 * index, matching against the shipped data/ofac-sdn/sdn.csv (real entries), and the `sanctions`
 * validation gate built on it.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseCsv, parseCsvRows } from '../src/server/domain/judgments/csv';
import { sanctionsGate, type SanctionsScreen } from '../src/server/domain/judgments/sanctions-gate';
import { buildWalletIndex, classifyWallet } from '../src/server/domain/judgments/wallet-index';
import { listedNameForms, nameQuery, normalizeName } from '../src/server/domain/sanctions/names';
import { buildSdnIndex, parseSdnCsv, remarkAliases, screenName, SDN_DATASET, type NameMatch } from '../src/server/domain/sanctions/sdn-list';
import { sdnIndex } from '../src/server/services/sanctions/sdn-data';

describe('name normalization', () => {
  test('uppercase words without punctuation, diacritics or trailing legal forms', () => {
    const cases: [string, string][] = [
      ['Banco Nacional de Cuba, S.A.', 'BANCO NACIONAL DE CUBA'],
      ['Société Générale S.A.', 'SOCIETE GENERALE'],
      ['Łukasz Bjørnstad-Æsir', 'LUKASZ BJORNSTAD AESIR'],
      ["O'Neil & Sons, Ltd.", 'ONEIL AND SONS'],
      ['Grupo Xyz, S.A. de C.V.', 'GRUPO XYZ'],
      ['The Acme Co., Inc.', 'ACME'],
      ['NABIL CHOUMAN & CO', 'NABIL CHOUMAN'],
      ['  kim   jong-un ', 'KIM JONG UN'],
      ['Limited Liability Company "Vega"', 'LIMITED LIABILITY COMPANY VEGA'],
      ['Co-Operative Bank', 'CO OPERATIVE BANK'],
      ['LLC', 'LLC'],
      ['', ''],
    ];
    for (const [raw, key] of cases) assert.equal(normalizeName(raw), key, raw);
  });

  test("listed names: both orders of an individual's name, legal forms dropped from entities only", () => {
    assert.deepEqual(listedNameForms('KIM, Ho Sa', true), [['KIM', 'HO', 'SA'], ['HO', 'SA', 'KIM']]);
    assert.deepEqual(listedNameForms('SUEX OTC, S.R.O.', false), [['SUEX', 'OTC']]);
    assert.deepEqual(listedNameForms("'ABD AL-SALAM, Ashraf", true).map((w) => w.join(' ')), ['ABD AL SALAM ASHRAF', 'ASHRAF ABD AL SALAM']);
    // A screened name may be a person or a company: both readings are looked up.
    assert.deepEqual(nameQuery('Kim Ho Sa').keys, ['KIM HO SA', 'KIM HO']);
  });
});

describe('CSV reader and the SDN file format', () => {
  test('quoted fields, doubled quotes, CRLF, blank lines, unterminated quotes', () => {
    assert.deepEqual(parseCsvRows('a,"b""c",d\r\ne,"f,\ng"\n\n,\r\n'), [['a', 'b"c', 'd'], ['e', 'f,\ng'], ['', '']]);
    assert.deepEqual(parseCsvRows('x"y,z"w,1'), [['xy,zw', '1']]);
    assert.deepEqual(parseCsvRows('"open,a'), [['open,a']]);
    assert.deepEqual(parseCsv('h1,h2\n1\n'), [{ h1: '1', h2: '' }]);
  });

  test('aliases from Remarks, apostrophes inside them, truncated ones skipped', () => {
    assert.deepEqual(remarkAliases("DOB 1974; a.k.a. 'MUNE'; a.k.a. 'INDIO'."), ['MUNE', 'INDIO']);
    assert.deepEqual(remarkAliases("Secondary sanctions; a.k.a. 'WOMEN'S KAHRIZAK'."), ["WOMEN'S KAHRIZAK"]);
    assert.deepEqual(remarkAliases("f.k.a. 'SAND SWAN'; n.k.a. 'NEW NAME'; a.k.a. 'IBRAHIM, Abu"), ['SAND SWAN', 'NEW NAME']);
    assert.deepEqual(remarkAliases('Website x.io'), []);
  });

  test('headerless legacy rows: -0- empty fields, joined programs, the trailing EOF byte', () => {
    const text = [
      '36,"AEROCARIBBEAN AIRLINES",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ',
      '25421,"TOSE-E MELLI GROUP INVESTMENT COMPANY",-0- ,"SDGT] [IFSR",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Registration Number 89584 (Iran); a.k.a. \'TMGIC\'; Linked To: BANK MELLI IRAN."',
      '20157,"KIM, Jong Un","individual","DPRK3","Chairman",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 08 Jan 1984."',
      '\x1a',
    ].join('\r\n');
    assert.deepEqual(parseSdnCsv(text), [
      { uid: '36', name: 'AEROCARIBBEAN AIRLINES', type: 'entity', programs: ['CUBA'], aliases: [] },
      { uid: '25421', name: 'TOSE-E MELLI GROUP INVESTMENT COMPANY', type: 'entity', programs: ['SDGT', 'IFSR'], aliases: ['TMGIC'] },
      { uid: '20157', name: 'KIM, Jong Un', type: 'individual', programs: ['DPRK3'], aliases: [] },
    ]);
  });
});

describe('screening against the shipped SDN list', () => {
  const t0 = performance.now();
  const index = sdnIndex();
  const loadMs = performance.now() - t0;
  const first = (name: string) => screenName(index, name)[0];

  test('the shipped file: every row, its documented date, loaded once', (t) => {
    t.diagnostic(`SDN index: ${index.entries.length} entries loaded in ${loadMs.toFixed(0)} ms`);
    assert.equal(index.entries.length, 14965, 'PROVENANCE.md: 14,965 rows');
    assert.equal(index.entries.filter((e) => e.type === 'individual').length, 6854);
    assert.equal(index.entries.filter((e) => e.type === 'vessel').length, 851);
    assert.equal(index.dataset.as_of, '2024-05-03', 'the file is the documented copy (hash matches)');
    assert.equal(sdnIndex(), index, 'cached per process');
    const raw = readFileSync('data/ofac-sdn/sdn.csv', 'latin1').replace(/\r\n/g, '\n');
    const other = buildSdnIndex(parseSdnCsv(raw), { ...SDN_DATASET, as_of: null });
    assert.equal(other.entries.length, 14965, 'LF line endings read the same');
  });

  test('exact: an entity with its legal form, an individual in either order, any case and punctuation', () => {
    const m = first('Banco Nacional de Cuba, S.A.');
    assert.deepEqual({ kind: m.kind, uid: m.uid, name: m.name, programs: m.programs }, { kind: 'exact', uid: '306', name: 'BANCO NACIONAL DE CUBA', programs: ['CUBA'] });
    for (const n of ['Jong Un Kim', 'KIM, Jong Un', 'kim jong-un']) {
      const k = first(n);
      assert.equal(`${k.kind}:${k.uid}:${k.type}:${k.programs}`, 'exact:20157:individual:DPRK3', n);
    }
    assert.equal(first('suex otc s.r.o.').uid, '33151');
    assert.equal(screenName(index, 'Banco Nacional de Cuba').length, 1, 'one match per entry, the strongest');
  });

  test('alias from Remarks: a potential match', () => {
    const m = first('Fund Energy LLC');
    assert.deepEqual([m.kind, m.uid, m.matched], ['alias', '44099', 'FUND ENERGY']);
    assert.equal(first('BNC').name, 'BANCO NACIONAL DE CUBA');
    assert.equal(first("Women's Kahrizak").name, 'QARCHAK PRISON');
  });

  test('token: the listed name inside the screened one, or the screened name inside a listed one', () => {
    const m = first('Cimex Iberica Trading S.L.');
    assert.deepEqual([m.kind, m.uid, m.name], ['token', '536', 'CIMEX IBERICA']);
    const kims = screenName(index, 'Kim Jong');
    assert.ok(kims.every((x) => x.kind === 'token'));
    assert.ok(kims.some((x) => x.uid === '20157'));
  });

  test('no match: clean names, generic business words, vessel names, single shared words', () => {
    for (const n of ['Dana Doe', 'Acme Capital LLC', 'Global Trading LLC', 'First National Bank', 'Blue Ocean Shipping Ltd', 'Dover Holdings Inc', 'Cimex Smith']) {
      assert.deepEqual(screenName(index, n), [], n);
    }
    assert.equal(screenName(index, 'Cimex')[0].kind, 'exact', 'a one-word listed name still matches exactly');
  });
});

describe('the sanctions gate', () => {
  const names = sdnIndex();
  const wallets = buildWalletIndex({
    labelsCsv: readFileSync('data/labels/evm_exchange_and_risk_labels.csv', 'utf8'),
    ofacCsv: readFileSync('data/ofac-crypto/sdn_digital_currency_addresses_with_entities.csv', 'utf8'),
  });
  const TODAY = '2026-11-22';
  const screen = (debtor: string, walletList: string[] = [], over: Partial<SanctionsScreen> = {}): SanctionsScreen => ({
    debtor: { name: debtor, matches: screenName(names, debtor) },
    wallets: walletList.map((w) => classifyWallet(wallets, w)).map((w) => ({ address: w.address, hits: w.ofac })),
    recorded: null,
    names_dataset: names.dataset,
    ...over,
  });
  const run = (s: SanctionsScreen, today = TODAY) => {
    const review: string[] = [];
    return { gate: sanctionsGate(s, today, review), review };
  };

  test('debtor exactly on the list: fail naming the entry, its uid and program; collection paused', () => {
    const { gate } = run(screen('Jong Un Kim'));
    assert.equal(gate.status, 'fail');
    assert.match(gate.reasons[0], /^Debtor 'Jong Un Kim' matches SDN entry 20157 'KIM, Jong Un' \(individual; program DPRK3\) on the OFAC SDN list \(sdn\.csv, 2024-05-03\)\.$/);
    assert.match(gate.required_actions[0], /sanctions review.*collection is paused/i);
  });

  test('alias or token match: review as a potential match', () => {
    const alias = run(screen('Fund Energy LLC')).gate;
    assert.equal(alias.status, 'review');
    assert.match(alias.reasons[0], /Potential match: debtor 'Fund Energy LLC' equals the alias 'FUND ENERGY' of SDN entry 44099/);
    assert.match(alias.required_actions[0], /confirm or clear the potential match/);
    const token = run(screen('Cimex Iberica Trading S.L.')).gate;
    assert.equal(token.status, 'review');
    assert.match(token.reasons[0], /SDN entry 536 'CIMEX IBERICA' \(entity; program CUBA\)/);
    const seven: NameMatch[] = Array.from({ length: 7 }, (_, i) => ({ kind: 'token', uid: String(i + 1), name: `KIM, Jong ${i}`, type: 'individual', programs: ['DPRK3'], matched: `KIM, Jong ${i}` }));
    const many = run(screen('Kim Jong', [], { debtor: { name: 'Kim Jong', matches: seven } })).gate;
    assert.equal(many.reasons.filter((r) => r.startsWith('Potential match')).length, 5);
    assert.equal(many.reasons[5], '…and 2 more potential matches on the OFAC SDN list (sdn.csv, 2024-05-03).');
  });

  test('clean debtor, no wallets: pass naming the dataset and its date; the shipped copy calls for review', () => {
    const { gate, review } = run(screen('Dana Doe'));
    assert.equal(gate.status, 'pass');
    assert.deepEqual(gate.required_actions, []);
    assert.equal(gate.reasons[0], 'Debtor screened against OFAC SDN list (sdn.csv, 2024-05-03): no match.');
    assert.match(gate.reasons[1], /No wallet is known on the matter/);
    assert.deepEqual(review, [
      'The debtor was screened against the OFAC SDN list of 2024-05-03 (933 days old); designations and delistings since then are not reflected: confirm against the current OFAC list.',
      "The SDN name screening is incomplete: OFAC's alias file alt.csv is not shipped, so only the aliases quoted in the Remarks column are screened.",
    ]);
    const current = run(screen('Dana Doe', [], { names_dataset: { ...SDN_DATASET, as_of: '2026-11-20', gaps: null } }));
    assert.deepEqual(current.review, [], 'a current, complete list adds no review');
    const unknown = run(screen('Dana Doe', [], { names_dataset: { ...SDN_DATASET, as_of: null } }));
    assert.match(unknown.gate.reasons[0], /\(sdn\.csv, date unknown\)/);
    assert.match(unknown.review[0], /not the copy documented in its PROVENANCE\.md/);
  });

  test('an OFAC-listed wallet known on the matter fails; clean wallets are counted', () => {
    const { gate, review } = run(screen('Dana Doe', ['0x19aa5fe80d33a56d56c78e82ea5e50e5d80b4dff', '0x02466e547bfdab679fc49e96bbfc62b9747d997c']));
    assert.equal(gate.status, 'fail');
    assert.match(gate.reasons[0], /^Wallet 0x19Aa5Fe80D33a56D56c78e82eA5E50E5d80b4Dff known on the matter is on the OFAC SDN list: entry \d+ 'SUEX OTC, S\.R\.O\.' \(program CYBER2\), per sdn_digital_currency_addresses_with_entities\.csv \(2025-11-19\)\.$/);
    assert.ok(review.some((r) => /digital-currency addresses of 2025-11-19 \(368 days old\)/.test(r)));
    const clean = run(screen('Dana Doe', ['0x02466e547bfdab679fc49e96bbfc62b9747d997c'])).gate;
    assert.equal(clean.status, 'pass');
    assert.match(clean.reasons[1], /^1 wallet known on the matter screened against OFAC digital-currency addresses \(sdn_digital_currency_addresses_with_entities\.csv, 2025-11-19\): no match\.$/);
  });

  test('a screening on record: an unresolved match still fails, a clear one is cited', () => {
    const on = { screened_at: '2026-11-01T00:00:00.000Z', source: 'sanctions screen rev_1' };
    assert.equal(run(screen('Dana Doe', [], { recorded: { ...on, unresolved_match: true } })).gate.status, 'fail');
    const clear = run(screen('Dana Doe', [], { recorded: { ...on, unresolved_match: false } })).gate;
    assert.equal(clear.status, 'pass');
    assert.match(clear.reasons.at(-1)!, /screening on record \(sanctions screen rev_1, 2026-11-01T00:00:00.000Z\) found no unresolved match/);
  });

  test('a fail outranks potential matches, and every finding is listed', () => {
    const matches: NameMatch[] = [{ kind: 'alias', uid: '306', name: 'BANCO NACIONAL DE CUBA', type: 'entity', programs: ['CUBA'], matched: 'BNC' }];
    const { gate } = run(screen('BNC', ['0x19aa5fe80d33a56d56c78e82ea5e50e5d80b4dff'], { debtor: { name: 'BNC', matches } }));
    assert.equal(gate.status, 'fail');
    assert.match(gate.reasons[0], /^Wallet/);
    assert.match(gate.reasons[1], /^Potential match/);
  });
});
