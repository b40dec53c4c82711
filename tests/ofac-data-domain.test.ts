/**
 * The shipped OFAC list data (data/ofac-sdn, PROVENANCE.md) checked against what OFAC published,
 * without a server: designations of 2025 present from their dates, Tornado Cash gone (delisted
 * 2025-03-21), aliases from alt.csv (typed, weak ones marked), every part with its own date, the
 * name and wallet lists of one date, the 31-day review rule, and a replaced file losing its date.
 * Expectations come from Treasury's releases and the published lists, not from the code.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { datasetReviews, datasetsOf, screenSubjects, type ScreenMatch } from '../src/server/domain/sanctions/screen';
import { DATASET_PARTS, SDN_DATASET, sdnDataset } from '../src/server/domain/sanctions/sdn-dataset';
import { parseAltCsv, withAliases } from '../src/server/domain/sanctions/sdn-files';
import { loadSdnIndex } from '../src/server/services/sanctions/sdn-data';
import { screenData } from '../src/server/services/sanctions/screen-data';

const data = screenData();
const TODAY = '2026-11-25';
const names = (entities: string[]) => screenSubjects(data, { entities }, TODAY);
const best = (subject: string): ScreenMatch | undefined => names([subject]).matches[0];

describe('the shipped lists and their dates', () => {
  test('every part is recorded with its own date, source and hash; the name list is of 2025-11-19', () => {
    const byPart = Object.fromEntries(DATASET_PARTS.map((p) => [p.part, p]));
    assert.deepEqual(DATASET_PARTS.map((p) => `${p.part}:${p.as_of}`).sort(), [
      'add:2025-11-19',
      'alt:2025-11-19',
      'cons_add:2025-04-21',
      'cons_prim:2025-04-21',
      'sdn:2025-11-19',
    ]);
    for (const p of DATASET_PARTS) {
      assert.match(p.sha256, /^[0-9a-f]{64}$/, p.part);
      assert.match(p.source, /github\.com\/[\w-]+\/[\w-]+.*commit [0-9a-f]{7,40}/, p.part);
      const text = gunzipSync(readFileSync(p.file)).toString('utf8');
      assert.equal(text.split('\n').filter(Boolean).length, p.rows, `${p.part}: row count as recorded`);
      assert.ok(!text.includes('\r') && !text.includes('\x1a'), `${p.part}: normalized (LF, no EOF byte)`);
    }
    // OFAC's sdn_advanced.xml of 2025-11-19, the same file the wallet lists were built from.
    assert.equal(byPart.sdn.input.sha256, '36c517bd264d8d97eff353eadd8d84427d5eb293505a8ce07271a5bc258c3117');
    assert.equal(byPart.sdn.rows, 18367);
    assert.ok(byPart.alt.rows > 20000, "OFAC's alias file has over 20,000 aliases");
    assert.equal(data.names.dataset.as_of, '2025-11-19', 'the files on disk are the recorded copies');
    assert.equal(data.names.dataset.gaps, null, 'alt.csv is shipped');
    assert.equal(data.names.dataset.as_of, data.addresses.dataset.as_of, 'names and wallets: one list date');
  });

  test('aliases: alt.csv and the Remarks ones, typed, weak ones marked', () => {
    const all = data.names.entries.flatMap((e) => e.alt ?? []);
    assert.ok(all.length > 24000, `${all.length} aliases (3,663 before alt.csv)`);
    // 20,089 alt.csv rows; 5 repeat their entry's name or another alias of it and count once.
    assert.equal(all.filter((a) => !a.weak).length, 20084, 'alt.csv aliases');
    assert.equal(all.filter((a) => a.weak).length, 4321, "OFAC's low-quality a.k.a.s");
    assert.ok(all.some((a) => a.type === 'fka') && all.some((a) => a.type === 'nka'));
    assert.ok(data.names.entries.filter((e) => e.aliases.length).length > 9000);
  });

  test('the answer names each file it read, with its date, and the wallet lists with theirs', () => {
    const r = names(['Dana Doe']);
    assert.deepEqual(r.datasets, [
      'data/ofac-crypto/brave-intl-lists-2025-11-19 (2025-11-19)',
      'data/ofac-crypto/sdn_digital_currency_addresses_with_entities.csv (2025-11-19)',
      'data/ofac-sdn/sdn.csv.gz (2025-11-19)',
      'data/ofac-sdn/alt.csv.gz (2025-11-19)',
    ]);
  });
});

describe('designations and delistings OFAC published', () => {
  // Treasury: Funnull Technology Inc. (2025-05-29, CYBER), Aeza Group (2025-07-01, CYBER),
  // Grinex (2025-08-14, Garantex's successor), Prince Holding Group and Chen Zhi (2025-10-14, TCO).
  const hits: [string, string, string, string][] = [
    ['Funnull Technology Inc.', '53953', 'FUNNULL TECHNOLOGY INC', 'CYBER3'],
    ['Aeza Group LLC', '54566', 'AEZA GROUP LLC', 'CYBER4'],
    ['Grinex', '55045', 'GRINEX', 'CYBER4'],
    ['Chen Zhi', '55505', 'CHEN, Zhi', 'TCO'],
  ];
  for (const [subject, id, name, program] of hits) {
    test(`${subject} screens as a match naming SDN ${id} and the list date`, () => {
      const r = names([subject]);
      assert.equal(r.status, 'match');
      const m = r.matches[0];
      assert.deepEqual(
        [m.sdn_id, m.sdn_name, m.match_type, m.list, m.list_date, m.programs.includes(program)],
        [id, name, 'exact', 'OFAC SDN list', '2025-11-19', true],
      );
    });
  }

  test('Prince Holding Group (SDN 54750, TCO, 2025-10-14) is on the shipped list', () => {
    const e = data.names.entries.find((x) => x.uid === '54750');
    assert.deepEqual([e?.name, e?.type, e?.programs], ['PRINCE HOLDING GROUP', 'entity', ['TCO']]);
  });

  test("Prince Holding Group screens as a match (a leading 'Prince' is also read as part of the name)", () => {
    assert.equal(best('Prince Holding Group')?.sdn_id, '54750');
  });

  test('Tornado Cash (delisted 2025-03-21) no longer screens as a match', () => {
    assert.equal(
      data.names.entries.some((e) => /TORNADO CASH/i.test(e.name)),
      false,
    );
    const r = names(['Tornado Cash']);
    assert.ok(!r.matches.some((m) => m.match_type === 'exact'), JSON.stringify(r.matches));
  });

  test('known gap: a designation after 2025-11-19 screens clear, and the answer says the list is old', () => {
    // SDN 57779 carries this a.k.a. in a 2026 copy of OFAC's alt.csv (PROVENANCE.md, "Later copies").
    const r = names(['Symphony Shipping & Maritime Management']);
    assert.equal(r.status, 'clear');
    assert.ok(r.review_reasons.some((x) => /OFAC SDN list of 2025-11-19 \(371 days old\)/.test(x)));
  });
});

describe('alias matches say what the alias is', () => {
  test('IRGC, an a.k.a. in alt.csv, matches ISLAMIC REVOLUTIONARY GUARD CORPS naming the alias', () => {
    const m = best('IRGC')!;
    assert.deepEqual(
      [m.sdn_id, m.sdn_name, m.matched, m.match_type, m.alias, m.list_date],
      ['10391', 'ISLAMIC REVOLUTIONARY GUARD CORPS', 'IRGC', 'exact', { type: 'aka', weak: false }, '2025-11-19'],
    );
    assert.deepEqual(
      names(['IRGC']).review_reasons.filter((x) => /weak alias/.test(x)),
      [],
    );
  });

  test('a former name (f.k.a.) is typed as one', () => {
    const m = best('Office of Scientific and Industrial Studies')!;
    assert.deepEqual([m.sdn_id, m.alias], ['15148', { type: 'fka', weak: false }]);
  });

  test('a weak alias still matches but is marked, with a review reason', () => {
    const r = names(['BNC']);
    const m = r.matches[0];
    assert.deepEqual([m.sdn_id, m.matched, m.alias], ['306', 'BNC', { type: 'aka', weak: true }]);
    assert.equal(r.status, 'match', 'collection stays paused: a person decides');
    assert.ok(r.review_reasons.some((x) => /'BNC', a weak alias of SDN entry 306 .*not to be relied on alone/.test(x)));
  });

  test('the primary name is not an alias', () => {
    assert.equal(best('Banco Nacional de Cuba')!.alias, null);
  });
});

describe('alias files joined to the list', () => {
  test('alt.csv rows: OFAC types only, -0- and blanks skipped', () => {
    assert.deepEqual(
      parseAltCsv('306,220,"aka","NATIONAL BANK OF CUBA",-0- \r\n306,221,"xx","BAD",-0-\r\n7,8,"fka",-0-,-0-\r\n\x1a'),
      [{ uid: '306', type: 'aka', name: 'NATIONAL BANK OF CUBA' }],
    );
  });

  test('strong aliases first, a Remarks alias also in alt.csv or equal to the name counted once', () => {
    const [e] = withAliases(
      [{ uid: '1', name: 'ACME BANK', type: 'entity', programs: [], aliases: ['AB', 'acme bank', 'ABC'] }],
      [
        { uid: '1', type: 'fka', name: 'ABC' },
        { uid: '2', type: 'aka', name: 'OTHER' },
      ],
    );
    assert.deepEqual(e.aliases, ['ABC', 'AB']);
    assert.deepEqual(e.alt, [
      { name: 'ABC', type: 'fka', weak: false },
      { name: 'AB', type: 'aka', weak: true },
    ]);
  });
});

describe('the 31-day rule and the recorded hashes', () => {
  const ds = datasetsOf(data);
  const stale = (today: string) => datasetReviews(ds, today, { names: true, wallets: false });

  test('a list older than 31 days keeps review_required, naming its date and age', () => {
    assert.deepEqual(stale('2025-12-20'), [], '31 days old: current');
    assert.deepEqual(stale('2025-12-21'), [
      'Names were screened against the OFAC SDN list of 2025-11-19 (32 days old); designations and delistings since then are not reflected: confirm against the current OFAC list.',
    ]);
  });

  test('a part replaced on disk is read but has no date until npm run data:ofac records it', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'ofac-data-'));
    try {
      cpSync('data/ofac-sdn', path.join(root, 'data/ofac-sdn'), { recursive: true });
      const alt = path.join(root, 'data/ofac-sdn/alt.csv.gz');
      writeFileSync(alt, gzipSync(`${gunzipSync(readFileSync(alt)).toString('utf8')}306,1,"aka","EXTRA",-0-\n`));
      const index = loadSdnIndex(root);
      assert.equal(index.dataset.as_of, null);
      assert.deepEqual(
        index.dataset.parts.filter((p) => p.as_of === null).map((p) => p.part),
        ['alt'],
      );
      assert.ok(index.entries.find((e) => e.uid === '306')!.aliases.includes('EXTRA'));
      const r = datasetReviews({ ...ds, names: index.dataset }, '2025-11-20', { names: true, wallets: false });
      assert.match(r[0], /not the copy documented in its PROVENANCE\.md, so its date is unknown/);
      assert.equal(sdnDataset(index.dataset.parts).as_of, null);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('SDN_DATASET is the recorded metadata', () => {
    assert.equal(SDN_DATASET.as_of, '2025-11-19');
    assert.equal(SDN_DATASET.file, 'sdn.csv, alt.csv');
    assert.equal(SDN_DATASET.parts.length, 5);
  });
});
