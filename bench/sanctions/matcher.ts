import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsvRows } from '../../src/server/domain/judgments/csv';
import { screenName, type NameMatch, type SdnIndex } from '../../src/server/domain/sanctions/sdn-list';

/**
 * The name matcher judged the way OpenSanctions judges its matcher (yente): recall on a table of
 * real variants of listed names, false positives on ordinary names, names per second.
 *  - Variants: bench/sanctions/variants-handwritten.csv (written from published aliases and
 *    spellings, each row citing its source) and variants-derived.csv (derive-variants.ts: fixed
 *    rules over the shipped OFAC files). A variant is found when its entry is among the matches.
 *  - Ordinary names: 10,000 pairs of the 200 most common given names of US births in 1985 (SSA)
 *    with the 1,000 most common US surnames (Census 2010), data/us-names. Any match is a false
 *    positive: none of these people is on the list under that name alone.
 */
export interface Variant {
  query: string;
  expected: string[];
  category: string;
  source: string;
}

const root = path.resolve(import.meta.dirname, '../..');

export function loadVariants(): Variant[] {
  return ['variants-handwritten.csv', 'variants-derived.csv'].flatMap((f) =>
    parseCsvRows(readFileSync(path.join(root, 'bench/sanctions', f), 'utf8'))
      .slice(1)
      .filter((r) => r.length >= 4 && r[0])
      .map(([query, expected, category, source]) => ({ query, expected: expected.split('|'), category, source })),
  );
}

/** 10,000 distinct "Given Surname" pairs: every given name with 50 surnames spread over all 1,000. */
export function ordinaryNames(): string[] {
  const col = (f: string) =>
    parseCsvRows(readFileSync(path.join(root, 'data/us-names', f), 'utf8'))
      .slice(1)
      .map((r) => r[0])
      .filter(Boolean);
  const given = col('given-names.csv');
  const surnames = col('surnames.csv').slice(0, 1000);
  const cap = (s: string) => s[0].toUpperCase() + s.slice(1).toLowerCase();
  const out: string[] = [];
  for (let i = 0; i < 10_000; i++) {
    const b = i % given.length;
    const a = Math.floor(i / given.length);
    out.push(`${cap(given[b])} ${cap(surnames[(a + 50 * (b % 20)) % surnames.length])}`);
  }
  return out;
}

export interface MatcherFigures {
  variants: number;
  found: number;
  recall: number;
  byCategory: Record<string, { n: number; found: number }>;
  missed: Variant[];
  ordinary: number;
  flagged: { name: string; match: NameMatch }[];
  falsePositiveRate: number;
  namesPerSecond: number;
  slowestMs: number;
}

export function measureMatcher(index: SdnIndex): MatcherFigures {
  const variants = loadVariants();
  const byCategory: MatcherFigures['byCategory'] = {};
  const missed: Variant[] = [];
  for (const v of variants) {
    const hit = screenName(index, v.query).some((m) => v.expected.includes(m.uid));
    const c = (byCategory[v.category] ??= { n: 0, found: 0 });
    c.n++;
    if (hit) c.found++;
    else missed.push(v);
  }
  const names = ordinaryNames();
  const flagged: MatcherFigures['flagged'] = [];
  let slowestMs = 0;
  const t0 = performance.now();
  for (const n of names) {
    const t = performance.now();
    const ms = screenName(index, n);
    slowestMs = Math.max(slowestMs, performance.now() - t);
    if (ms.length) flagged.push({ name: n, match: ms[0] });
  }
  const seconds = (performance.now() - t0) / 1000;
  const found = variants.length - missed.length;
  return {
    variants: variants.length,
    found,
    recall: found / variants.length,
    byCategory,
    missed,
    ordinary: names.length,
    flagged,
    falsePositiveRate: flagged.length / names.length,
    namesPerSecond: Math.round(names.length / seconds),
    slowestMs: Math.round(slowestMs * 10) / 10,
  };
}
