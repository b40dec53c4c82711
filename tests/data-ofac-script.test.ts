/**
 * `npm run data:ofac` (scripts/data-ofac.ts) on small files in OFAC's formats: a good copy in
 * OFAC's legacy CSV form (latin-1, CRLF, the trailing 0x1A byte) is validated, normalized,
 * written and recorded, and the loader reads what it wrote; an advanced XML is read into the same
 * files; malformed copies (columns, types, ids, orphans, a date that disagrees) are refused
 * with the reason and nothing is written.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { run, type DatasetFile } from '../scripts/data-ofac';
import { loadSdnIndex } from '../src/server/services/sanctions/sdn-data';
import { screenName } from '../src/server/domain/sanctions/sdn-list';
import type { DatasetPart, PartName } from '../src/server/domain/sanctions/sdn-dataset';

const SOURCE = 'test fixture, github.com/example/ofac-copy commit 0123456';
const crlf = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n\x1a`, 'latin1');

// OFAC's legacy rows as published (a latin-1 é in an address).
const SDN = [
  '306,"BANCO NACIONAL DE CUBA",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"a.k.a. \'BNC\'."',
  '10391,"ISLAMIC REVOLUTIONARY GUARD CORPS",-0- ,"SDGT] [IRGC] [IFSR",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ',
  '20157,"KIM, Jong Un","individual","DPRK3","Chairman",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 08 Jan 1984."',
];
const ALT = [
  '306,220,"aka","NATIONAL BANK OF CUBA",-0- ',
  '10391,10175,"aka","IRGC",-0- ',
  '10391,10176,"fka","PASDARAN",-0- ',
];
const ADD = [
  '306,199,"Zweierstrasse 35","Zurich CH-8022","Switzerland",-0- ',
  '20157,2,-0- ,"Pyongyang","Korea, North",-0- ',
];

function folder(files: Record<string, Buffer | string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'ofac-in-'));
  for (const [name, body] of Object.entries(files)) writeFileSync(path.join(dir, name), body);
  return dir;
}
const outDir = () => path.join(mkdtempSync(path.join(tmpdir(), 'ofac-out-')), 'data/ofac-sdn');
const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const partsOf = (out: string): DatasetPart[] => {
  const meta = JSON.parse(readFileSync(path.join(out, 'dataset.json'), 'utf8')) as DatasetFile;
  return Object.entries(meta.parts).map(([part, p]) => ({
    ...p!,
    part: part as PartName,
    file: `data/ofac-sdn/${p!.file}`,
  }));
};
const refused = (inputs: string[], asOf: string, re: RegExp) => {
  const out = outDir();
  assert.throws(() => run({ inputs, asOf, source: SOURCE, out }), re);
  assert.equal(existsSync(out), false, 'nothing written');
};

describe('a good copy of the legacy CSVs', () => {
  test('validated, normalized (UTF-8, LF, no EOF byte), written and recorded with dates and hashes', () => {
    const input = folder({
      'sdn.csv': crlf(SDN),
      'ALT.CSV': crlf(ALT),
      'add.csv': crlf([...ADD, '306,200,"Rue d\xe9",-0- ,"Cuba",-0- ']),
      'notes.txt': 'not an OFAC file',
    });
    const out = outDir();
    const r = run({ inputs: [input], asOf: '2026-01-02', source: SOURCE, out });
    assert.deepEqual(readdirSync(out).sort(), ['add.csv.gz', 'alt.csv.gz', 'dataset.json', 'sdn.csv.gz']);
    const meta = JSON.parse(readFileSync(path.join(out, 'dataset.json'), 'utf8')) as DatasetFile;
    assert.deepEqual(
      Object.entries(meta.parts).map(([k, p]) => [k, p!.rows, p!.as_of, p!.source]),
      [
        ['sdn', 3, '2026-01-02', SOURCE],
        ['alt', 3, '2026-01-02', SOURCE],
        ['add', 3, '2026-01-02', SOURCE],
      ],
    );
    assert.equal(meta.parts.sdn!.input.sha256, sha(readFileSync(path.join(input, 'sdn.csv'))));
    const sdn = gunzipSync(readFileSync(path.join(out, 'sdn.csv.gz')));
    assert.equal(meta.parts.sdn!.sha256, sha(sdn), 'the hash is of the normalized text');
    assert.equal(
      sdn.toString('utf8').split('\n')[0],
      '306,"BANCO NACIONAL DE CUBA",-0-,"CUBA",-0-,-0-,-0-,-0-,-0-,-0-,-0-,"a.k.a. \'BNC\'."',
    );
    const add = gunzipSync(readFileSync(path.join(out, 'add.csv.gz'))).toString('utf8');
    assert.ok(add.includes('"Rue dé"'), 'latin-1 read as such, written as UTF-8');
    assert.ok(!add.includes('\r') && !add.includes('\x1a'));
    assert.ok(
      r.summary.some((l) => /^alt: 3 rows \(2 entries\) from ALT\.CSV/.test(l)),
      r.summary.join('\n'),
    );

    // The loader reads the written copy: aliases joined, dated, weak one marked.
    const index = loadSdnIndex(path.resolve(out, '../..'), partsOf(out));
    assert.equal(index.dataset.as_of, '2026-01-02');
    const m = screenName(index, 'IRGC')[0];
    assert.deepEqual([m.kind, m.uid, m.matched], ['alias', '10391', 'IRGC']);
    assert.deepEqual(index.entries.find((e) => e.uid === '306')!.alt, [
      { name: 'NATIONAL BANK OF CUBA', type: 'aka', weak: false },
      { name: 'BNC', type: 'aka', weak: true },
    ]);
  });

  test('a later run records only the parts it is given; gzipped inputs are read', () => {
    const out = outDir();
    run({ inputs: [folder({ 'sdn.csv': crlf(SDN), 'alt.csv': crlf(ALT) })], asOf: '2026-01-02', source: SOURCE, out });
    const cons = folder({
      'cons_prim.csv.gz': gzipSync(
        crlf(['9639,"HANIYA, Ismail","individual","NS-PLC",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ']),
      ),
      'cons_add.csv': crlf(['9639,12812,-0- ,-0- ,-0- ,-0- ']),
    });
    run({ inputs: [cons], asOf: '2025-04-21', source: SOURCE, out });
    assert.deepEqual(
      partsOf(out).map((p) => `${p.part}:${p.as_of}:${p.rows}`),
      ['sdn:2026-01-02:3', 'alt:2026-01-02:3', 'cons_prim:2025-04-21:1', 'cons_add:2025-04-21:1'],
    );
  });
});

describe("OFAC's advanced XML", () => {
  const xml = (date: [number, number, number]) => `<?xml version="1.0" encoding="utf-8"?>
<Sanctions xmlns="https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/ADVANCED_XML">
  <DateOfIssue CalendarTypeID="1"><Year>${date[0]}</Year><Month>${date[1]}</Month><Day>${date[2]}</Day></DateOfIssue>
  <ReferenceValueSets><CountryValues><Country ID="11143" ISO2="CU">Cuba</Country></CountryValues></ReferenceValueSets>
  <Locations>
    <Location ID="25"><LocationCountry CountryID="11143" CountryRelevanceID="1413" />
      <LocationPart LocPartTypeID="1454"><LocationPartValue Primary="true"><Value>Havana</Value></LocationPartValue></LocationPart>
    </Location>
  </Locations>
  <DistinctParties>
    <DistinctParty FixedRef="7226"><Profile ID="7226" PartySubTypeID="4">
      <Identity ID="1" FixedRef="7226" Primary="true" False="false">
        <Alias FixedRef="7226" AliasTypeID="1403" Primary="true" LowQuality="false"><DocumentedName ID="1" FixedRef="7226" DocNameStatusID="1">
          <DocumentedNamePart><NamePartValue NamePartGroupID="1" ScriptID="215">Ismael</NamePartValue></DocumentedNamePart>
          <DocumentedNamePart><NamePartValue NamePartGroupID="3" ScriptID="215">Garcia</NamePartValue></DocumentedNamePart>
          <DocumentedNamePart><NamePartValue NamePartGroupID="2" ScriptID="215">Zambada</NamePartValue></DocumentedNamePart>
        </DocumentedName></Alias>
        <Alias FixedRef="7226" AliasTypeID="1400" Primary="false" LowQuality="true"><DocumentedName ID="2" FixedRef="7226" DocNameStatusID="2">
          <DocumentedNamePart><NamePartValue NamePartGroupID="4" ScriptID="215">El Mayo</NamePartValue></DocumentedNamePart>
        </DocumentedName></Alias>
        <Alias FixedRef="7226" AliasTypeID="1401" Primary="false" LowQuality="false"><DocumentedName ID="3" FixedRef="7226" DocNameStatusID="2">
          <DocumentedNamePart><NamePartValue NamePartGroupID="5" ScriptID="215">Lopez</NamePartValue></DocumentedNamePart>
          <DocumentedNamePart><NamePartValue NamePartGroupID="6" ScriptID="215">Javier</NamePartValue></DocumentedNamePart>
        </DocumentedName></Alias>
        <Alias FixedRef="7226" AliasTypeID="1400" Primary="false" LowQuality="false"><DocumentedName ID="4" FixedRef="7226" DocNameStatusID="2">
          <DocumentedNamePart><NamePartValue NamePartGroupID="7" ScriptID="220">Исмаэль</NamePartValue></DocumentedNamePart>
        </DocumentedName></Alias>
        <NamePartGroups>
          <MasterNamePartGroup><NamePartGroup ID="1" NamePartTypeID="1521" /></MasterNamePartGroup>
          <MasterNamePartGroup><NamePartGroup ID="2" NamePartTypeID="91708" /></MasterNamePartGroup>
          <MasterNamePartGroup><NamePartGroup ID="3" NamePartTypeID="91709" /></MasterNamePartGroup>
          <MasterNamePartGroup><NamePartGroup ID="4" NamePartTypeID="1528" /></MasterNamePartGroup>
          <MasterNamePartGroup><NamePartGroup ID="5" NamePartTypeID="1520" /></MasterNamePartGroup>
          <MasterNamePartGroup><NamePartGroup ID="6" NamePartTypeID="1521" /></MasterNamePartGroup>
          <MasterNamePartGroup><NamePartGroup ID="7" NamePartTypeID="1521" /></MasterNamePartGroup>
        </NamePartGroups>
      </Identity>
      <Feature ID="150025" FeatureTypeID="25"><FeatureVersion ID="1"><VersionLocation LocationID="25" /></FeatureVersion></Feature>
    </Profile></DistinctParty>
    <DistinctParty FixedRef="36"><Profile ID="36" PartySubTypeID="3">
      <Identity ID="2" FixedRef="36" Primary="true" False="false">
        <Alias FixedRef="36" AliasTypeID="1403" Primary="true" LowQuality="false"><DocumentedName ID="5" FixedRef="36" DocNameStatusID="1">
          <DocumentedNamePart><NamePartValue NamePartGroupID="8" ScriptID="215">Aerocaribbean Airlines &amp; Co</NamePartValue></DocumentedNamePart>
        </DocumentedName></Alias>
        <NamePartGroups><MasterNamePartGroup><NamePartGroup ID="8" NamePartTypeID="1525" /></MasterNamePartGroup></NamePartGroups>
      </Identity>
    </Profile></DistinctParty>
  </DistinctParties>
  <SanctionsEntries>
    <SanctionsEntry ID="7226" ProfileID="7226" ListID="1550">
      <SanctionsMeasure ID="1" SanctionsTypeID="1705"><DatePeriod /></SanctionsMeasure>
      <SanctionsMeasure ID="2" SanctionsTypeID="1"><Comment>SDNTK</Comment><DatePeriod /></SanctionsMeasure>
      <SanctionsMeasure ID="3" SanctionsTypeID="1"><Comment>ILLICIT-DRUGS-EO14059</Comment><DatePeriod /></SanctionsMeasure>
    </SanctionsEntry>
    <SanctionsEntry ID="36" ProfileID="36" ListID="1550">
      <SanctionsMeasure ID="4" SanctionsTypeID="1"><Comment>CUBA</Comment><DatePeriod /></SanctionsMeasure>
    </SanctionsEntry>
  </SanctionsEntries>
</Sanctions>`;

  test('read into sdn/alt/add as OFAC writes them: surname first, weak a.k.a.s in Remarks, Latin only', () => {
    const out = outDir();
    const input = folder({ 'sdn_advanced.xml': xml([2025, 11, 19]) });
    run({ inputs: [path.join(input, 'sdn_advanced.xml')], asOf: '2025-11-19', source: SOURCE, out });
    const read = (f: string) =>
      gunzipSync(readFileSync(path.join(out, f)))
        .toString('utf8')
        .trim()
        .split('\n');
    assert.deepEqual(read('sdn.csv.gz'), [
      '7226,"ZAMBADA GARCIA, Ismael","individual","SDNTK] [ILLICIT-DRUGS-EO14059",-0-,-0-,-0-,-0-,-0-,-0-,-0-,"a.k.a. \'El Mayo\'."',
      '36,"AEROCARIBBEAN AIRLINES & CO",-0-,"CUBA",-0-,-0-,-0-,-0-,-0-,-0-,-0-,-0-',
    ]);
    assert.deepEqual(read('alt.csv.gz'), ['7226,3,"fka","LOPEZ, Javier",-0-']);
    assert.deepEqual(read('add.csv.gz'), ['7226,150025,-0-,"Havana","Cuba",-0-']);
    const meta = JSON.parse(readFileSync(path.join(out, 'dataset.json'), 'utf8')) as DatasetFile;
    assert.equal(meta.parts.alt!.input.file, 'sdn_advanced.xml');
  });

  test('refused when its DateOfIssue is not --as-of', () => {
    const input = folder({ 'sdn_advanced.xml': xml([2025, 11, 19]) });
    refused([input], '2025-11-20', /DateOfIssue 2025-11-19 is not --as-of 2025-11-20/);
  });
});

describe('malformed copies are refused, naming the fault, and nothing is written', () => {
  const good = { 'sdn.csv': crlf(SDN), 'alt.csv': crlf(ALT) };
  const cases: [string, Record<string, Buffer | string>, RegExp][] = [
    [
      'a row with 11 columns',
      { ...good, 'sdn.csv': crlf([...SDN, '99,"SHORT",-0- ,"X",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ']) },
      /sdn\.csv row 4: 11 columns, expected 12/,
    ],
    [
      'an alias row with 4 columns',
      { ...good, 'alt.csv': crlf([...ALT, '306,9,"aka","X"']) },
      /alt\.csv row 4: 4 columns, expected 5/,
    ],
    [
      'an unknown entry type',
      { ...good, 'sdn.csv': crlf([SDN[0].replace('-0- ,"CUBA"', '"ship","CUBA"')]) },
      /type 'ship' is not individual/,
    ],
    [
      'an unknown alias type',
      { ...good, 'alt.csv': crlf(['306,9,"alias","X",-0- ']) },
      /alt_type 'alias' is not aka, fka or nka/,
    ],
    [
      'an ent_num that is not a number',
      { ...good, 'sdn.csv': crlf([SDN[0].replace('306,', 'x306,')]) },
      /ent_num 'x306' is not a number/,
    ],
    ['a duplicate ent_num', { ...good, 'sdn.csv': crlf([SDN[0], SDN[0]]) }, /ent_num 306 appears twice/],
    [
      'an alias of an entry not on the list',
      { ...good, 'alt.csv': crlf([...ALT, '57779,89403,"aka","SYMPHONY SHIPPING",-0- ']) },
      /alt\.csv: 1 ent_num\(s\) not in sdn\.csv \(57779\)/,
    ],
    ['an alias file without its list', { 'alt.csv': crlf(ALT) }, /alt\.csv needs its primary list sdn\.csv/],
    ['an empty list', { 'sdn.csv': '\x1a' }, /sdn\.csv: no rows/],
  ];
  for (const [what, files, re] of cases) test(what, () => refused([folder(files)], '2026-01-02', re));

  test('a date that is not a date, and a missing source', () => {
    const out = outDir();
    const input = folder(good);
    assert.throws(() => run({ inputs: [input], asOf: '2026-13-45', source: SOURCE, out }), /--as-of must be a date/);
    assert.throws(() => run({ inputs: [input], asOf: '2026-01-02', source: ' ', out }), /--source must say/);
  });

  test('the command line: usage without --as-of or --source (exit 2), the reason on a refusal (exit 1)', () => {
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/data-ofac.ts', ...args], { encoding: 'utf8' });
    const input = folder(good);
    const usage = cli(input, '--source', SOURCE);
    assert.equal(usage.status, 2);
    assert.match(usage.stderr, /usage: npm run data:ofac -- <folder or files> --as-of YYYY-MM-DD --source/);
    const out = outDir();
    const bad = cli(
      folder({ ...good, 'alt.csv': crlf(['1,2,"aka","X",-0- ']) }),
      '--as-of',
      '2026-01-02',
      '--source',
      SOURCE,
      '--out',
      out,
    );
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /the copy was not recorded:\n {2}alt\.csv: 1 ent_num\(s\) not in sdn\.csv \(1\)/);
    assert.equal(existsSync(out), false);
    const ok = cli(input, '--as-of', '2026-01-02', '--source', SOURCE, '--out', out);
    assert.equal(ok.status, 0, ok.stderr);
    assert.match(ok.stdout, /sdn: 3 rows \(3 entries\) from sdn\.csv → sdn\.csv\.gz, as of 2026-01-02/);
    mkdirSync(out, { recursive: true });
    rmSync(path.resolve(out, '../..'), { recursive: true, force: true });
  });
});
