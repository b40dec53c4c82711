import { distinctiveCount, GENERIC, LEGAL_FORMS, nameQuery } from './names';

/**
 * The fuzzy half of name screening (API-CONTRACT §15): token-set comparison with Jaro-Winkler
 * over romanization-folded tokens. Pure functions; the SDN index (sdn-list.ts) calls them on
 * candidates it finds through a token vocabulary.
 */

/** A fuzzy name match needs at least this score (§15: Jaro-Winkler ≥ 0.9). */
export const FUZZY_THRESHOLD = 0.9;
/** Two tokens pair up only at or above this similarity; a weaker pair sinks the whole name. */
export const TOKEN_FLOOR = 0.85;

/** Jaro similarity (0…1): matching characters within half the longer length, transpositions halved. */
export function jaro(a: string, b: string): number {
  if (a === b) return a.length ? 1 : 0;
  const la = a.length;
  const lb = b.length;
  if (!la || !lb) return 0;
  const window = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  const aHit = new Uint8Array(la);
  const bHit = new Uint8Array(lb);
  let m = 0;
  for (let i = 0; i < la; i++) {
    const lo = Math.max(0, i - window);
    const hi = Math.min(lb - 1, i + window);
    for (let j = lo; j <= hi; j++) {
      if (!bHit[j] && a.charCodeAt(i) === b.charCodeAt(j)) {
        aHit[i] = 1;
        bHit[j] = 1;
        m++;
        break;
      }
    }
  }
  if (!m) return 0;
  let t = 0;
  for (let i = 0, j = 0; i < la; i++) {
    if (!aHit[i]) continue;
    while (!bHit[j]) j++;
    if (a.charCodeAt(i) !== b.charCodeAt(j)) t++;
    j++;
  }
  return (m / la + m / lb + (m - t / 2) / m) / 3;
}

/** Jaro-Winkler: Jaro raised for a common prefix of up to 4 characters (scaling 0.1). */
export function jaroWinkler(a: string, b: string): number {
  const j = jaro(a, b);
  let p = 0;
  while (p < 4 && p < a.length && p < b.length && a[p] === b[p]) p++;
  return j + p * 0.1 * (1 - j);
}

/** Highest Jaro-Winkler two strings of these lengths can reach: lets the token search
 *  (token-index.ts) skip tokens whose length alone rules them out. */
export function jaroWinklerBound(la: number, lb: number): number {
  if (!la || !lb) return 0;
  const j = (Math.min(la, lb) / Math.max(la, lb) + 2) / 3;
  return j + 0.4 * (1 - j);
}

/**
 * Romanization folding of one uppercase token, so spellings of one name in different
 * transliteration schemes compare close: Arabic (MUHAMMAD / MOHAMMED, QASIM / KASSIM,
 * YOUSSEF / YUSUF), Russian (YEVGENIY / EVGENIJ / JEWGENI, ALEKSANDR / ALEXANDER) and the like.
 * Digraphs become one letter, Y and W are read as the vowel or V they stand for, doubled
 * letters collapse. J stays J: it is Korean JONG as often as German JURIJ. Both sides of a comparison are folded, so only differences of scheme vanish.
 */
export function foldToken(t: string): string {
  let s = t
    .replace(/^YE/, 'E')
    .replace(/^JE/, 'E')
    .replace(/^IE/, 'E')
    .replace(/KS/g, 'X')
    .replace(/KH/g, 'H')
    .replace(/PH/g, 'F')
    .replace(/TH/g, 'T')
    .replace(/DH/g, 'D')
    .replace(/GH/g, 'G')
    .replace(/SCH/g, 'SH')
    .replace(/CK/g, 'K')
    .replace(/Q/g, 'K')
    .replace(/C(?![H])/g, 'K')
    .replace(/OU/g, 'U')
    .replace(/OO/g, 'U')
    .replace(/EE/g, 'I')
    .replace(/W/g, 'V')
    .replace(/DJ/g, 'J')
    .replace(/IY|YI|II|IJ/g, 'I')
    .replace(/Y(?=[^AEIOU]|$)/g, 'I');
  s = s.replace(/(.)\1+/g, '$1');
  return s || t;
}

/** The consonant skeleton of a folded token: vowels (and Y) dropped, doubled letters collapsed.
 *  Arabic names are written without short vowels, so their romanizations differ mostly in the
 *  vowels a transliterator supplied: MUHAMMAD / MOHAMED → MHMD, HIZBALLAH / HEZBOLLAH → HZBLH. */
export const skeleton = (t: string) => t.replace(/[AEIOUY]/g, '').replace(/(.)\1+/g, '$1');

/** Tokens this short must be equal (after folding) to pair: one letter in four is too much
 *  ("ACE" is not "ACME", "PETR" is not "PETROV"). */
const SHORT = 4;

/**
 * Similarity of two folded tokens: Jaro-Winkler, raised to 0.95 when both are longer than
 * SHORT and share a consonant skeleton of at least three letters; 0 for unequal short tokens.
 */
export function tokenSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length <= SHORT || b.length <= SHORT) return 0;
  const jw = jaroWinkler(a, b);
  const sk = skeleton(a);
  return sk.length >= 3 && sk === skeleton(b) ? Math.max(jw, 0.95) : jw;
}

/** Particles that belong to the next word in Arabic names ("ABD AL RAHMAN", "ABDUL RAHMAN",
 *  "ABDURRAHMAN"): joined to it so every spelling is one token. */
const JOINING = new Set([
  'ABD',
  'ABDUL',
  'ABDEL',
  'ABDAL',
  'ABU',
  'ABOU',
  'AL',
  'EL',
  'UL',
  'BIN',
  'BEN',
  'IBN',
  'BINT',
]);

/** Words of legal forms anywhere in a name ("LIMITED LIABILITY COMPANY VEGA", "CLOSED JOINT
 *  STOCK COMPANY X"): they say what kind of body it is, not which one, so fuzzy comparison drops them. */
const LEGAL_WORDS = new Set([
  ...LEGAL_FORMS,
  'JOINT',
  'STOCK',
  'CLOSED',
  'PUBLIC',
  'PRIVATE',
  'SOCIETY',
  'COMPANIA',
  'SOCIEDAD',
  'ANONIMA',
  'GESELLSCHAFT',
]);
/** Generic business words after folding (see GENERIC in names.ts). */
const FOLDED_GENERIC = new Set([...GENERIC].map((w) => foldToken(w)));
export const isGenericToken = (t: string) => FOLDED_GENERIC.has(t);

/** The tokens a name is compared on: legal-form words dropped, particles joined to what
 *  follows, each token folded, duplicates dropped (token-set comparison). */
export function comparisonTokens(words: readonly string[]): string[] {
  const out: string[] = [];
  let carry = '';
  const kept = words.filter((w) => !LEGAL_WORDS.has(w));
  for (const w of kept.length ? kept : words) {
    if (JOINING.has(w)) {
      carry += w;
      continue;
    }
    out.push(foldToken(carry + w));
    carry = '';
  }
  if (carry) out.push(foldToken(carry));
  return [...new Set(out)];
}

export interface FuzzyScore {
  /** Mean Jaro-Winkler of the shorter name's tokens with their partners (0…1). */
  score: number;
  /** Tokens of the shorter name that found a partner at or above TOKEN_FLOOR. */
  paired: number;
}

/**
 * Token-set similarity of two names given as comparison tokens (tokenSimilarity per pair). Each token of the shorter
 * name takes its best distinct partner in the longer one (highest pairs first), so word order
 * does not matter ("Jong Un Kim" = "KIM Jong Un") and a missing middle name or patronymic in
 * the shorter one costs nothing ("Yevgeniy Prigozhin" ~ "PRIGOZHIN, Yevgeniy Viktorovich").
 * A token without a partner at TOKEN_FLOOR makes the score 0: "Kim Jong Chol" is not
 * "Kim Jong Un". The longer name may have at most two extra tokens.
 */
export function tokenSetScore(a: readonly string[], b: readonly string[]): FuzzyScore {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (!short.length || long.length - short.length > 2) return { score: 0, paired: 0 };
  // One-word names compare only with one-word names: a single shared word is not a name match.
  if (short.length === 1 && long.length !== 1) return { score: 0, paired: 0 };
  const pairs: [number, number, number][] = [];
  for (let i = 0; i < short.length; i++) {
    for (let j = 0; j < long.length; j++) {
      const s = tokenSimilarity(short[i], long[j]);
      if (s >= TOKEN_FLOOR) pairs.push([s, i, j]);
    }
  }
  pairs.sort((x, y) => y[0] - x[0]);
  const usedL = new Set<number>();
  const best = new Map<number, number>();
  for (const [s, i, j] of pairs) {
    if (best.has(i) || usedL.has(j)) continue;
    best.set(i, s);
    usedL.add(j);
  }
  if (best.size < short.length) return { score: 0, paired: best.size };
  // Generic words ("GROUP", "TRADING") must pair, but the score is that of the distinctive
  // ones: "Lazarus Group" is not "La Crosse Group" because GROUP = GROUP.
  const distinctive = [...best].filter(([i]) => !isGenericToken(short[i]));
  const scored = distinctive.length ? distinctive : [...best];
  return { score: scored.reduce((n, [, s]) => n + s, 0) / scored.length, paired: best.size };
}

/** Token-set equality of normalized words (any order): an exact match after normalization. */
export const sameTokenSet = (a: readonly string[], b: readonly string[]) => {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((w) => y.has(w));
};

/**
 * Compares two names the way screening compares a screened name with a listed one: exact when
 * their normalized words are the same set (any order), else fuzzy when the token-set
 * Jaro-Winkler score reaches FUZZY_THRESHOLD with a distinctive word on both sides; null otherwise.
 */
export function compareNames(a: string, b: string): { match_type: 'exact' | 'fuzzy'; score: number } | null {
  const x = nameQuery(a);
  const y = nameQuery(b);
  if (!x.core.length || !y.core.length) return null;
  if (sameTokenSet(x.core, y.core) || sameTokenSet(x.words, y.words)) return { match_type: 'exact', score: 1 };
  if (!distinctiveCount(x.core) || !distinctiveCount(y.core)) return null;
  const { score } = tokenSetScore(comparisonTokens(x.core), comparisonTokens(y.core));
  return score >= FUZZY_THRESHOLD ? { match_type: 'fuzzy', score: Math.round(score * 1000) / 1000 } : null;
}
