/**
 * The SDN token index (domain/sanctions/token-index.ts) against the vocabulary scan it replaced:
 * the same similar tokens for vocabulary words, misspellings of them and random letters; long
 * names screened without a scan; and screening on the screening thread
 * (services/sanctions/screen-thread.ts) with the same result as in one go, the event loop
 * turning meanwhile. No server.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  comparisonTokens,
  FUZZY_THRESHOLD,
  jaroWinkler,
  jaroWinklerBound,
  TOKEN_FLOOR,
} from '../src/server/domain/sanctions/fuzzy';
import { pairRule, scoreForm, typoPair } from '../src/server/domain/sanctions/match';
import { distinctiveCount, nameQuery } from '../src/server/domain/sanctions/names';
import { screenName, wordsKey, type SdnIndex } from '../src/server/domain/sanctions/sdn-list';
import { screenSubjects } from '../src/server/domain/sanctions/screen';
import { buildTokenIndex, similarTokens } from '../src/server/domain/sanctions/token-index';
import { sdnIndex } from '../src/server/services/sanctions/sdn-data';
import { screenData } from '../src/server/services/sanctions/screen-data';
import { screenOffThread } from '../src/server/services/sanctions/screen-thread';
import { cpuMs, threadCpuNow } from './helpers/thread-cpu';

/** The scan of base commit 6f1ea35 (sdn-list.ts `candidates`): every word longer than four
 *  letters compared with Jaro-Winkler. */
function scanSimilar(words: readonly string[], t: string): string[] {
  if (t.length <= 4) return [];
  return words.filter(
    (v) =>
      v.length > 4 &&
      jaroWinklerBound(t.length, v.length) >= TOKEN_FLOOR &&
      (v === t || jaroWinkler(t, v) >= TOKEN_FLOOR),
  );
}

/** screenName without the token index: every query token compared with every vocabulary token
 *  by the pairing rules themselves (match.ts pairRule, typoPair, the Korean variants), every
 *  form that shares a pairable token scored (no probe limit, no pre-filter). The reference the
 *  index-backed screenName must equal. */
function scanScreenName(index: SdnIndex, raw: string) {
  const q = nameQuery(raw);
  const rank = { exact: 0, alias: 1, fuzzy: 2 } as const;
  const found = new Map<number, { kind: keyof typeof rank; matched: string; score: number }>();
  const note = (i: number, kind: keyof typeof rank, matched: string, score: number) => {
    const prev = found.get(i);
    if (!prev || rank[kind] < rank[prev.kind] || (kind === prev.kind && score > prev.score))
      found.set(i, { kind, matched, score });
  };
  for (const words of [q.words, q.core, ...q.given])
    for (const f of index.exact.get(wordsKey(words)) ?? []) {
      const form = index.forms[f];
      note(form.entry, form.alias ? 'alias' : 'exact', form.text, 1);
    }
  const tokens = distinctiveCount(q.core) >= 1 ? comparisonTokens(q.core) : [];
  if (tokens.length && tokens.length <= index.maxTokens + 2) {
    const seen = new Set<number>();
    const vocab = [...index.postings.keys()];
    for (const t of tokens.filter((x) => x.length > 1))
      for (const v of vocab)
        if (pairRule(t, v, q.vowelless) || typoPair(t, v)) for (const f of index.postings.get(v)!) seen.add(f);
    for (const f of seen) {
      const form = index.forms[f];
      if (found.get(form.entry)?.score === 1 || !form.distinctive) continue;
      const s = scoreForm(tokens, form, q.vowelless);
      if (s && s.score >= FUZZY_THRESHOLD) note(form.entry, 'fuzzy', form.text, Math.round(s.score * 1000) / 1000);
    }
  }
  const sorted = [...found].sort(
    ([a, x], [b, y]) =>
      rank[x.kind] - rank[y.kind] || y.score - x.score || Number(index.entries[a].uid) - Number(index.entries[b].uid),
  );
  return [
    ...sorted.filter(([, m]) => m.kind !== 'fuzzy'),
    ...sorted.filter(([, m]) => m.kind === 'fuzzy').slice(0, 10),
  ].map(([i, m]) => `${m.kind}:${index.entries[i].uid}:${m.matched}:${m.score}`);
}

/** A seeded generator (mulberry32), so the sample is the same on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** One edit of a word: a letter replaced, inserted, dropped, or two letters swapped. */
function editOf(rnd: () => number) {
  return (w: string) => {
    const i = Math.floor(rnd() * w.length);
    const c = LETTERS[Math.floor(rnd() * 26)];
    const r = rnd();
    if (r < 0.3) return w.slice(0, i) + c + w.slice(i + 1);
    if (r < 0.6) return w.slice(0, i) + c + w.slice(i);
    if (r < 0.8) return w.slice(0, i) + w.slice(i + 1);
    return w.slice(0, i) + w.slice(i + 1, i + 2) + w[i] + w.slice(i + 2);
  };
}

/** Vocabulary words, one- and two-edit misspellings of them and random letters. */
function sample(words: readonly string[], n: number, seed: number): string[] {
  const rnd = random(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const edit = editOf(rnd);
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const w = pick(words);
    const r = rnd();
    if (r < 0.3) out.push(w);
    else if (r < 0.6) out.push(edit(w));
    else if (r < 0.8) out.push(edit(edit(w)));
    else out.push(Array.from({ length: 5 + Math.floor(rnd() * 20) }, () => pick([...LETTERS])).join(''));
  }
  return out;
}

describe('the token index finds what the vocabulary scan found', () => {
  const index = sdnIndex();
  const words = index.tokens.words;

  test('the shipped vocabulary: the same similar tokens for words, misspellings and noise', (t) => {
    const queries = [
      ...sample(words, 600, 20261125),
      // Hand-picked: romanization variants, long and repetitive tokens, digits.
      ...[
        'MUHAMAD',
        'MOHAMED',
        'PRIGOZHIN',
        'EVGENI',
        'LADIN',
        'KOMERKIALBES',
        'A'.repeat(30),
        'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
      ],
      ...['AAAAA', 'NNNNNNNAAAAAA', 'SHIPING2020', 'ALINSTANTE'],
    ];
    let pairs = 0;
    let scanCpu = 0;
    let indexCpu = 0;
    for (const q of queries) {
      let want: string[] = [];
      let got: string[] = [];
      scanCpu += cpuMs(() => (want = scanSimilar(words, q)));
      index.tokens.memo.clear();
      indexCpu += cpuMs(() => (got = similarTokens(index.tokens, q)));
      assert.deepEqual([...got].sort(), [...want].sort(), q);
      pairs += want.length;
    }
    t.diagnostic(
      `${queries.length} tokens, ${pairs} similar pairs; CPU: scan ${scanCpu.toFixed(0)} ms, index ${indexCpu.toFixed(0)} ms`,
    );
    assert.ok(pairs > 1000, 'the sample exercises fuzzy pairs, not only misses');
    assert.ok(indexCpu * 4 < scanCpu, 'the index is several times cheaper than the scan');
  });

  test('screenName answers as the scan did, on listed names misspelt, shortened, reordered, padded and mixed', (t) => {
    const rnd = random(31);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
    const people = index.entries.filter((e) => e.type === 'individual' || e.type === 'entity');
    const edit = editOf(rnd);
    let fuzzy = 0;
    for (let i = 0; i < 150; i++) {
      const e = pick(people);
      let words = (e.aliases.length && rnd() < 0.3 ? pick(e.aliases) : e.name).split(/[\s,]+/).filter(Boolean);
      const r = rnd();
      if (r < 0.35) words = words.map((w) => (rnd() < 0.4 && w.length > 3 ? edit(w) : w));
      else if (r < 0.5) words = words.filter(() => rnd() < 0.8);
      else if (r < 0.65) words = [...words, edit(pick(index.tokens.words))];
      else if (r < 0.8) words = words.reverse();
      else words = [...words.slice(0, 2), ...pick(people).name.split(/\s+/).slice(0, 2)];
      const name = words.join(' ');
      const want = scanScreenName(index, name);
      const got = screenName(index, name).map((m) => `${m.kind}:${m.uid}:${m.matched}:${m.score}`);
      assert.deepEqual(got, want, name);
      if (want.some((m) => m.startsWith('fuzzy'))) fuzzy++;
    }
    t.diagnostic(`150 names, ${fuzzy} with fuzzy matches: the same answers as the scan`);
    assert.ok(fuzzy > 20);
  });

  test('a small vocabulary: short words left to exact lookup, duplicates once, memo bounded', () => {
    const small = buildTokenIndex(['MUHAMAD', 'MUHAMAD', 'MOHAMED', 'AHMAD', 'ALI', 'MUHAMMADOV', 'HAMADA']);
    assert.deepEqual(small.words, ['MUHAMAD', 'MOHAMED', 'AHMAD', 'MUHAMMADOV', 'HAMADA']);
    for (const q of ['MUHAMAD', 'MUHAMMAD', 'MOHAMAD', 'AHMED', 'HAMAD', 'ZZZZZZ']) {
      assert.deepEqual(similarTokens(small, q), scanSimilar(small.words, q), q);
    }
    assert.deepEqual(similarTokens(small, 'ALI'), [], 'four letters or fewer: equal only (postings)');
    assert.equal(similarTokens(small, 'MUHAMMAD'), similarTokens(small, 'MUHAMMAD'), 'answered from the memo');
  });
});

describe('long names and many names', () => {
  const index = sdnIndex();
  const rnd = random(7);
  const word = (n: number) => Array.from({ length: n }, () => LETTERS[Math.floor(rnd() * 26)]).join('');
  const mid = index.tokens.words.filter((w) => w.length >= 7 && w.length <= 10);
  const vocabName = () =>
    Array.from({ length: index.maxTokens + 2 }, () => mid[Math.floor(rnd() * mid.length)]).join(' ');

  test('100 names of 480 characters (the review): no scan, one name at a time well under 100 ms', (t) => {
    const names = Array.from({ length: 100 }, () =>
      Array.from({ length: 80 }, () => word(5))
        .join(' ')
        .slice(0, 480),
    );
    const ms = cpuMs(() => {
      for (const n of names) assert.deepEqual(screenName(index, n), []);
    });
    t.diagnostic(`100 × 480-character names: ${ms.toFixed(0)} ms of CPU (base commit: about 24,800 ms)`);
    assert.ok(ms < 2_000, `${ms} ms`);
  });

  test('the costliest names the limits allow: as many vocabulary words as a listed name can pair with', (t) => {
    assert.equal(index.maxTokens, 21, 'the longest listed form of the 2025-11-19 list has 21 comparison tokens');
    const names = Array.from({ length: 100 }, vocabName);
    let worst = 0;
    const started = performance.now();
    for (const n of names) {
      // CPU time: what the name costs the loop, not how long a loaded machine took to give it.
      // The least of three full screens (memo cleared each time): a major collection of the
      // 70 MB index that happens to fall inside one screen is not that name's cost (it made
      // one name 103 ms in CI, 2026-12-06, against 9-12 ms for the slowest name otherwise).
      const runs = [0, 1, 2].map(() => {
        index.tokens.memo.clear();
        return cpuMs(() => screenName(index, n));
      });
      worst = Math.max(worst, Math.min(...runs));
    }
    const ms = performance.now() - started;
    t.diagnostic(
      `100 names of ${index.maxTokens + 2} vocabulary words: ${ms.toFixed(0)} ms, slowest name ${worst.toFixed(1)} ms of CPU`,
    );
    assert.ok(worst < 100, `slowest name ${worst} ms`);
  });

  test('a listed name with an extra word is still found, also when the extra word is the longest', () => {
    // Four tokens are probed with their three longest; a listed form of three may miss one.
    for (const n of ['Yevgeniy Viktorovich Prigozhin Xqzvw', 'Yevgeniy Viktorovich Prigozhin Xqzvwxqzvwxqzvw']) {
      const m = screenName(index, n)[0];
      assert.deepEqual([m?.kind, m?.uid, m?.score], ['fuzzy', '21171', 1], n);
    }
    const padded = `Yevgeniy Prigozhin ${Array.from({ length: 30 }, () => word(6)).join(' ')}`;
    assert.deepEqual(screenName(index, padded), [], 'tokenSetScore allows two extra tokens, no more (as before)');
  });

  test('screening on its own thread: same result as in one go, and the event loop turns meanwhile', async (t) => {
    const data = screenData();
    const entities = Array.from({ length: 150 }, vocabName);
    const counterparties = ['Evgeny Prigozhin', 'Banco Nacional de Cuba', ...entities.slice(0, 5)];
    const subjects = { wallets: [], entities, counterparties };
    const want = screenSubjects(data, subjects, '2026-11-25');
    // The thread loads its own copy of the lists (from the same files) before it answers.
    await screenOffThread({ entities: ['warm-up'] }, '2026-11-25');
    let turns = 0;
    let longest = 0;
    let longestCpu = 0;
    let last = performance.now();
    let lastCpu = threadCpuNow();
    const timer = setInterval(() => {
      turns++;
      longest = Math.max(longest, performance.now() - last);
      // Between two turns: what this thread computed, not how long a loaded machine kept it
      // from a CPU (a 264 ms gap in CI, 2026-12-06, beside Playwright and the other suites).
      const cpu = threadCpuNow();
      longestCpu = Math.max(longestCpu, cpu - lastCpu);
      last = performance.now();
      lastCpu = cpu;
    }, 1);
    const got = await screenOffThread(subjects, '2026-11-25');
    clearInterval(timer);
    assert.deepEqual(got, want);
    assert.equal(got.status, 'match');
    t.diagnostic(
      `${turns} timer turns during the screen; longest gap ${longest.toFixed(0)} ms, ${longestCpu.toFixed(0)} ms of CPU`,
    );
    assert.ok(turns >= 3, `${turns} turns`);
    // This thread only posts the names and reads the answer back.
    assert.ok(longestCpu < 50, `${longestCpu} ms of CPU between two turns`);
  });
});
