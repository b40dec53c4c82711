import { jaroWinkler, jaroWinklerBound, TOKEN_FLOOR } from './fuzzy';

/**
 * The fuzzy half of the SDN index: which vocabulary tokens are similar (Jaro-Winkler at or
 * above TOKEN_FLOOR) to a screened token, found without comparing it with every token of the
 * vocabulary. A scan cost about 3 ms a token (17,896 tokens), so a long name held the event
 * loop for a quarter of a second; this answers in tens of microseconds with the same set.
 *
 * Exact, not approximate: a pair at or above the floor either shares its first three letters
 * (found in a prefix bucket), or, with at most two common leading letters, the Winkler bonus
 * is at most 0.2·(1-j), so Jaro must be at least (floor-0.2)/0.8. Jaro counts m characters
 * matched one to one, so m is at most the letters the two tokens share as multisets, and
 * Jaro ≤ (m/la + m/lb + 1)/3. Tokens sharing enough letters are enumerated in a trie of the
 * vocabulary's sorted letters, pruning every branch that cannot reach that bound. Every
 * candidate is then scored with jaroWinkler itself, so nothing is found that a scan would not.
 */

/** Tokens up to this length pair only when equal (fuzzy.ts tokenSimilarity), so they are not
 *  searched; the vocabulary indexed here is the longer ones. */
const SHORT = 4;
/** Common leading letters that a prefix bucket covers; shorter common prefixes go to the trie. */
const PREFIX = 3;
/** What m/la + m/lb must reach when at most PREFIX-1 leading letters agree (see above). */
const LETTER_BOUND = (3 * (TOKEN_FLOOR - 0.1 * (PREFIX - 1))) / (1 - 0.1 * (PREFIX - 1)) - 1;
/** Float slack: a bound a hair under the threshold still lets the candidate through to scoring. */
const EPS = 1e-9;

export interface TokenIndex {
  words: string[];
  /** First PREFIX letters → ids of the words that start with them. */
  byPrefix: Map<string, number[]>;
  /** Trie of the words' sorted letters, flattened: node 0 is the root; children are in
   *  ascending letter order (first child, next sibling); each node knows the shortest and
   *  longest word below it; words ending at a node are nodeWords[wordsAt[n]…wordsAt[n+1]). */
  letter: Uint16Array;
  firstChild: Int32Array;
  nextSibling: Int32Array;
  minLen: Uint16Array;
  maxLen: Uint16Array;
  wordsAt: Int32Array;
  nodeWords: Int32Array;
  /** Answers already computed (a debtor is screened again and again), up to MEMO entries. */
  memo: Map<string, string[]>;
}

const MEMO = 20_000;

const sortedCodes = (w: string) => Array.from(w, (c) => c.charCodeAt(0)).sort((a, b) => a - b);

/** Builds the index over a vocabulary (duplicates and short tokens ignored): tens of
 *  milliseconds for the shipped list's 14,734 tokens longer than four letters (37,867 nodes). */
export function buildTokenIndex(vocab: Iterable<string>): TokenIndex {
  const words = [...new Set(vocab)].filter((w) => w.length > SHORT);
  const byPrefix = new Map<string, number[]>();
  // The trie as it grows: per node its letter, children (letter → node), length range, words.
  const letters = [0];
  const kids: Map<number, number>[] = [new Map()];
  const lo = [Infinity];
  const hi = [0];
  const ends: number[][] = [[]];
  words.forEach((w, id) => {
    const key = w.slice(0, PREFIX);
    const bucket = byPrefix.get(key);
    if (bucket) bucket.push(id);
    else byPrefix.set(key, [id]);
    let n = 0;
    lo[0] = Math.min(lo[0], w.length);
    hi[0] = Math.max(hi[0], w.length);
    for (const c of sortedCodes(w)) {
      let k = kids[n].get(c);
      if (k === undefined) {
        k = letters.push(c) - 1;
        kids.push(new Map());
        lo.push(Infinity);
        hi.push(0);
        ends.push([]);
        kids[n].set(c, k);
      }
      n = k;
      lo[n] = Math.min(lo[n], w.length);
      hi[n] = Math.max(hi[n], w.length);
    }
    ends[n].push(id);
  });
  const count = letters.length;
  const firstChild = new Int32Array(count).fill(-1);
  const nextSibling = new Int32Array(count).fill(-1);
  const wordsAt = new Int32Array(count + 1);
  const nodeWords = new Int32Array(words.length);
  let at = 0;
  for (let n = 0; n < count; n++) {
    const sorted = [...kids[n]].sort(([a], [b]) => a - b).map(([, k]) => k);
    if (sorted.length) firstChild[n] = sorted[0];
    for (let i = 1; i < sorted.length; i++) nextSibling[sorted[i - 1]] = sorted[i];
    wordsAt[n] = at;
    for (const id of ends[n]) nodeWords[at++] = id;
  }
  wordsAt[count] = at;
  return {
    words,
    byPrefix,
    letter: Uint16Array.from(letters),
    firstChild,
    nextSibling,
    minLen: Uint16Array.from(lo),
    maxLen: Uint16Array.from(hi),
    wordsAt,
    nodeWords,
    memo: new Map(),
  };
}

/** Every indexed word v with v === t or jaroWinkler(t, v) ≥ TOKEN_FLOOR, in index order; none
 *  for short tokens. The same set a comparison with every word would give. */
export function similarTokens(index: TokenIndex, t: string): string[] {
  if (t.length <= SHORT) return [];
  const known = index.memo.get(t);
  if (known) return known;
  const found = new Set<number>();
  const check = (id: number) => {
    if (found.has(id)) return;
    const v = index.words[id];
    if (v === t || (jaroWinklerBound(t.length, v.length) >= TOKEN_FLOOR && jaroWinkler(t, v) >= TOKEN_FLOOR))
      found.add(id);
  };
  for (const id of index.byPrefix.get(t.slice(0, PREFIX)) ?? []) check(id);
  searchLetters(index, t, check);
  const out = [...found].sort((a, b) => a - b).map((id) => index.words[id]);
  // A full memo starts over rather than growing without bound on distinct junk tokens.
  if (index.memo.size >= MEMO) index.memo.clear();
  index.memo.set(t, out);
  return out;
}

/** Depth-first walk of the sorted-letter trie beside t's sorted letters, visiting the words
 *  whose shared letters m satisfy m/la + m/lb ≥ LETTER_BOUND. */
function searchLetters(index: TokenIndex, t: string, visit: (id: number) => void) {
  const { letter, firstChild, nextSibling, minLen, maxLen, wordsAt, nodeWords } = index;
  const s = sortedCodes(t);
  const la = s.length;
  const bound = LETTER_BOUND - EPS;
  // i: t's letters consumed (matched or skipped), mt: matched, ex: the word's unmatched letters.
  const walk = (n: number, i: number, mt: number, ex: number, depth: number) => {
    if (wordsAt[n] < wordsAt[n + 1] && mt / la + mt / depth >= bound)
      for (let w = wordsAt[n]; w < wordsAt[n + 1]; w++) visit(nodeWords[w]);
    // Siblings come in ascending letter order, so t's skipped letters only grow along them.
    let j = i;
    for (let k = firstChild[n]; k >= 0; k = nextSibling[k]) {
      const c = letter[k];
      while (j < la && s[j] < c) j++;
      const hit = j < la && s[j] === c;
      const kMt = hit ? mt + 1 : mt;
      const kI = hit ? j + 1 : j;
      // The most the branch can still match, and the shortest word it can end in with that.
      const mHi = kMt + Math.min(la - kI, maxLen[k] - depth - 1);
      const lb = Math.max(minLen[k], mHi + (hit ? ex : ex + 1));
      if (mHi > 0 && mHi / la + mHi / lb >= bound) walk(k, kI, kMt, hit ? ex : ex + 1, depth + 1);
    }
  };
  walk(0, 0, 0, 0, 0);
}
