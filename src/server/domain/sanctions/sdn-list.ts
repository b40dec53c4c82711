import { parseCsvRows } from '../judgments/csv';
import { comparisonTokens, FUZZY_THRESHOLD, skeleton, tokenSetScore } from './fuzzy';
import { distinctiveCount, listedNameForms, nameQuery } from './names';
import { SDN_DATASET, type SdnDataset } from './sdn-dataset';
import { buildTokenIndex, similarTokens, type TokenIndex } from './token-index';

/**
 * The OFAC SDN names list (legacy sdn.csv) as an in-memory index, and screening of one name
 * against it. Built once from the file's text (the caller reads it), so this stays free of I/O.
 */
export type SdnType = 'individual' | 'entity' | 'vessel' | 'aircraft';
export interface SdnEntry {
  uid: string;
  name: string;
  type: SdnType;
  programs: string[];
  /** The names the index screens besides the primary one (`alt` says what each is). */
  aliases: string[];
  /** Every alias with OFAC's type and quality (sdn-files.ts); absent when only Remarks were read. */
  alt?: SdnAlias[];
}

/** An alias as OFAC lists it: a.k.a., f.k.a. (former) or n.k.a. (new); weak ("low quality")
 *  aliases are ones OFAC says not to rely on alone. */
export interface SdnAlias {
  name: string;
  type: 'aka' | 'fka' | 'nka';
  weak: boolean;
}

export { SDN_DATASET, type SdnDataset } from './sdn-dataset';

/** One name of an entry as the index compares it: the primary name or an alias. */
interface Form {
  entry: number;
  text: string;
  alias: boolean;
  tokens: string[];
  distinctive: number;
}

export interface SdnIndex {
  entries: SdnEntry[];
  /** Sorted-word key of a normalized name → the forms with that key (exact after normalization). */
  exact: Map<string, number[]>;
  /** Names of individuals and entities (primary and aliases) for fuzzy comparison; vessels and
   *  aircraft are matched by exact name only: their names are ordinary words like DOVER or AMBER. */
  forms: Form[];
  /** Comparison token → forms that have it; `tokens` finds the similar ones (token-index.ts). */
  postings: Map<string, number[]>;
  tokens: TokenIndex;
  /** The most comparison tokens of any fuzzy form: a name with more than two tokens beyond it
   *  cannot pair with any form (tokenSetScore), so it is not searched at all. */
  maxTokens: number;
  /** Consonant skeleton → vocabulary tokens with it (tokens longer than four letters). */
  skeletons: Map<string, string[]>;
  dataset: SdnDataset;
}

const EMPTY = '-0-';
const field = (v: string | undefined) => {
  const t = (v ?? '').trim();
  return t === EMPTY ? '' : t;
};

/** "a.k.a. 'X'", "f.k.a. 'X'", "n.k.a. 'X'" in Remarks. The closing quote is the one followed by
 *  "; " or "." or the end, since aliases can hold apostrophes ('WOMEN'S KAHRIZAK'). An alias
 *  cut off by OFAC's Remarks truncation has no closing quote and is skipped. */
const ALIAS_RE = /\b[afn]\.k\.a\. '(.+?)'(?=;|\.|\s*$)/g;

export function remarkAliases(remarks: string): string[] {
  if (!remarks.includes('.k.a. ')) return [];
  return [...remarks.matchAll(ALIAS_RE)].map((m) => m[1].trim()).filter(Boolean);
}

/**
 * Parses OFAC's legacy sdn.csv: no header, 12 columns (ent_num, SDN_Name, SDN_Type, Program, …,
 * Remarks), `-0-` for an empty field, programs joined as "A] [B", and a trailing 0x1A byte.
 */
export function parseSdnCsv(text: string): SdnEntry[] {
  const out: SdnEntry[] = [];
  for (const r of parseCsvRows(text)) {
    const uid = field(r[0]);
    const name = field(r[1]);
    if (!/^\d+$/.test(uid) || !name) continue;
    const t = field(r[2]).toLowerCase();
    out.push({
      uid,
      name,
      type: t === 'individual' || t === 'vessel' || t === 'aircraft' ? t : 'entity',
      programs: field(r[3])
        .split(/\]\s*\[/)
        .map((p) => p.trim())
        .filter(Boolean),
      aliases: remarkAliases(field(r[11])),
    });
  }
  return out;
}

const push = <T>(m: Map<string, T[]>, k: string, v: T) => {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
};

/** The order-free key of a name's words: equal keys are an exact match after normalization. */
export const wordsKey = (words: readonly string[]) => [...new Set(words)].sort().join(' ');

export function buildSdnIndex(entries: SdnEntry[], dataset: SdnDataset = SDN_DATASET): SdnIndex {
  const exact = new Map<string, number[]>();
  const forms: Form[] = [];
  const postings = new Map<string, number[]>();
  entries.forEach((e, i) => {
    const person = e.type === 'individual';
    const fuzzy = person || e.type === 'entity';
    const names: [string, boolean][] = [[e.name, false], ...e.aliases.map((a): [string, boolean] => [a, true])];
    for (const [text, alias] of names) {
      // Both orders of a person's name have the same words: one form carries them.
      const words = listedNameForms(text, person)[0];
      if (!words?.length) continue;
      const f = forms.length;
      forms.push({
        entry: i,
        text,
        alias,
        tokens: fuzzy ? comparisonTokens(words) : [],
        distinctive: distinctiveCount(words),
      });
      push(exact, wordsKey(words), f);
      if (fuzzy) for (const t of forms[f].tokens) push(postings, t, f);
    }
  });
  const skeletons = new Map<string, string[]>();
  for (const v of postings.keys()) if (v.length > 4) push(skeletons, skeleton(v), v);
  const tokens = buildTokenIndex(postings.keys());
  const maxTokens = forms.reduce((n, f) => Math.max(n, f.tokens.length), 0);
  return { entries, exact, forms, postings, tokens, maxTokens, skeletons, dataset };
}

export type MatchKind = 'exact' | 'alias' | 'fuzzy';
export interface NameMatch {
  /** `exact`: the primary name, `alias`: an a.k.a. of the entry, both equal after normalization
   *  (any word order); `fuzzy`: token-set Jaro-Winkler at or above FUZZY_THRESHOLD. */
  kind: MatchKind;
  uid: string;
  name: string;
  type: SdnType;
  programs: string[];
  /** The listed name or alias that matched. */
  matched: string;
  /** 1 for an exact or alias match, else the token-set Jaro-Winkler score (3 decimals). */
  score: number;
}

/** Fuzzy matches reported per name, best first (a common name can resemble dozens of entries). */
export const MAX_FUZZY = 10;

/**
 * Screens one name. Exact: its normalized words (honorifics, punctuation, diacritics and legal
 * forms aside; Cyrillic romanized) equal a listed name's or alias's in any order. Fuzzy: the
 * token-set Jaro-Winkler score of romanization-folded tokens (fuzzy.ts) is at least 0.9, for
 * individuals and entities, with a distinctive word on both sides. One match per entry, the
 * strongest: exact, then alias, then the highest score.
 */
export function screenName(index: SdnIndex, raw: string): NameMatch[] {
  const q = nameQuery(raw);
  const found = new Map<number, { kind: MatchKind; matched: string; score: number }>();
  const note = (i: number, kind: MatchKind, matched: string, score: number) => {
    const prev = found.get(i);
    if (!prev || RANK[kind] < RANK[prev.kind] || (kind === prev.kind && score > prev.score))
      found.set(i, { kind, matched, score });
  };
  for (const words of [q.words, q.core, ...q.given]) {
    for (const f of index.exact.get(wordsKey(words)) ?? []) {
      const form = index.forms[f];
      note(form.entry, form.alias ? 'alias' : 'exact', form.text, 1);
    }
  }
  const tokens = distinctiveCount(q.core) >= 1 ? comparisonTokens(q.core) : [];
  // More tokens than any form has, plus the two extra tokenSetScore allows: nothing can pair.
  if (tokens.length && tokens.length <= index.maxTokens + 2) {
    const { count, probed } = candidates(index, tokens);
    for (const [f, hits] of count) {
      const form = index.forms[f];
      if (found.get(form.entry)?.score === 1 || !form.distinctive) continue;
      // tokenSetScore pairs every token of the shorter name and allows two extra tokens, so at
      // most n - k of the query's n tokens miss a form of k tokens (none when k ≥ n).
      const n = tokens.length;
      const k = form.tokens.length;
      if (Math.abs(n - k) > 2 || hits < probed - Math.max(0, n - k)) continue;
      const { score } = tokenSetScore(tokens, form.tokens);
      if (score >= FUZZY_THRESHOLD) note(form.entry, 'fuzzy', form.text, Math.round(score * 1000) / 1000);
    }
  }
  const sorted = [...found].sort(
    ([a, x], [b, y]) =>
      RANK[x.kind] - RANK[y.kind] || y.score - x.score || Number(index.entries[a].uid) - Number(index.entries[b].uid),
  );
  const exactOnes = sorted.filter(([, m]) => m.kind !== 'fuzzy');
  const fuzzyOnes = sorted.filter(([, m]) => m.kind === 'fuzzy').slice(0, MAX_FUZZY);
  return [...exactOnes, ...fuzzyOnes].map(([i, m]) => {
    const e = index.entries[i];
    return {
      kind: m.kind,
      uid: e.uid,
      name: e.name,
      type: e.type,
      programs: e.programs,
      matched: m.matched,
      score: m.score,
    };
  });
}

/** Query tokens searched for candidates: a matching form misses at most two of the query's
 *  tokens (see screenName), so it shares a similar token with at least one of any three. */
const PROBES = 3;

/**
 * Forms sharing a similar token (Jaro-Winkler ≥ TOKEN_FLOOR, or the same skeleton) with the
 * query, and how many of the probed tokens found one in them. A name of more than PROBES tokens
 * is probed with its longest ones (fewest similar words): the work per name stays that of three
 * searches whatever its length, and tokenSetScore then weighs every token.
 */
function candidates(index: SdnIndex, tokens: string[]): { count: Map<number, number>; probed: number } {
  const probes = tokens.length <= PROBES ? tokens : [...tokens].sort((a, b) => b.length - a.length).slice(0, PROBES);
  const count = new Map<number, number>();
  let unpaired = 0;
  for (const t of probes) {
    const seen = new Set<number>();
    const similar = (v: string) => {
      for (const f of index.postings.get(v)!) seen.add(f);
    };
    if (t.length <= 4) {
      // Short tokens pair only when equal (tokenSimilarity).
      if (index.postings.has(t)) similar(t);
    } else {
      for (const v of similarTokens(index.tokens, t)) similar(v);
      // Same consonant skeleton: similar whatever the lengths (MUHAMMAD / MHD-style spellings).
      for (const v of index.skeletons.get(skeleton(t)) ?? []) similar(v);
    }
    // Three tokens without any similar token: no form can be missed by so few.
    if (!seen.size && ++unpaired > 2) return { count: new Map(), probed: probes.length };
    for (const f of seen) count.set(f, (count.get(f) ?? 0) + 1);
  }
  return { count, probed: probes.length };
}

const RANK: Record<MatchKind, number> = { exact: 0, alias: 1, fuzzy: 2 };
