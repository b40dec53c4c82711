/**
 * Writes bench/sanctions/variants-derived.csv: real variants taken from the shipped OFAC files
 * (data/ofac-sdn, 2025-11-19) by two fixed rules, so every row names the record it came from.
 *  - missing_middle_name: every 150th individual of sdn.csv listed "SURNAME, Given Middle…",
 *    screened as "Given SURNAME" (the form a debtor's name usually takes in a judgment);
 *  - published_alias: every 250th a.k.a. of alt.csv, screened as OFAC publishes it.
 * Run: node --import tsx bench/sanctions/derive-variants.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { parseCsvRows } from '../../src/server/domain/judgments/csv';

const read = (f: string) => gunzipSync(readFileSync(`data/ofac-sdn/${f}.csv.gz`)).toString('utf8');
const q = (s: string) => (/[",]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
const rows: string[] = [];
const sdn = parseCsvRows(read('sdn')).filter((r) => /^\d+$/.test(r[0] ?? ''));
const people = sdn.filter((r) => r[2] === 'individual' && /^[^,]+, \S+ \S+/.test(r[1]));
people.forEach((r, i) => {
  if (i % 150) return;
  const [last, given] = r[1].split(', ');
  const name = `${given.split(' ')[0]} ${last}`;
  rows.push([q(name), r[0], 'missing_middle_name', q(`sdn.csv ${r[0]} ${r[1]}, middle names dropped`)].join(','));
});
const alt = parseCsvRows(read('alt')).filter((r) => /^\d+$/.test(r[0] ?? '') && r[2] === 'aka');
alt.forEach((r, i) => {
  if (i % 250) return;
  rows.push([q(r[3]), r[0], 'published_alias', q(`alt.csv ${r[0]}/${r[1]} a.k.a. ${r[3]}`)].join(','));
});
writeFileSync('bench/sanctions/variants-derived.csv', ['query,expected,category,source', ...rows, ''].join('\n'));
console.log(`${rows.length} rows`);
