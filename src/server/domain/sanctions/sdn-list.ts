import { parseCsvRows } from '../judgments/csv';
import { comparisonTokens, FUZZY_THRESHOLD, isGenericToken, skeleton } from './fuzzy';
import { scoreForm, typoPair, type FormParts, type PairRule, type TokenPair } from './match';
import { distinctiveCount, listedNameForms, nameQuery, nameWords } from './names';
import { deletionKeys, eastAsianVariants } from './variants';
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
interface Form extends FormParts {
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
  /** Consonant skeleton → vocabulary tokens with it (tokens longer than four letters; for
   *  screened names in Arabic script, every token with a skeleton of two letters or more). */
  skeletons: Map<string, string[]>;
  /** Deletion key → vocabulary tokens of three to five letters with it: finds the one-edit
   *  neighbours of a short screened token by lookups (variants.ts deletionKeys). */
  deletions: Map<string, string[]>;
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

/** The parts of a listed name as the matcher weighs them (match.ts FormParts): for a person
 *  listed as "SURNAME, Given Names", which tokens are which. */
function formParts(text: string, person: boolean, words: string[]): FormParts {
  const comma = text.indexOf(',');
  if (!person || comma <= 0) return { tokens: comparisonTokens(words), surname: null, given: null, person };
  const surname = comparisonTokens(nameWords(text.slice(0, comma)));
  const given = comparisonTokens(nameWords(text.slice(comma + 1)));
  if (!surname.length || !given.length) return { tokens: comparisonTokens(words), surname: null, given: null, person };
  return { tokens: [...new Set([...surname, ...given])], surname, given, person };
}

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
      const parts = fuzzy ? formParts(text, person, words) : { tokens: [], surname: null, given: null, person };
      forms.push({ ...parts, entry: i, text, alias, tokens: [...parts.tokens], distinctive: distinctiveCount(words) });
      push(exact, wordsKey(words), f);
      if (fuzzy) for (const t of forms[f].tokens) push(postings, t, f);
    }
  });
  const skeletons = new Map<string, string[]>();
  const deletions = new Map<string, string[]>();
  for (const v of postings.keys()) {
    if (skeleton(v).length >= 2) push(skeletons, skeleton(v), v);
    if (v.length >= 3 && v.length <= 5 && !isGenericToken(v)) for (const k of deletionKeys(v)) push(deletions, k, v);
  }
  const tokens = buildTokenIndex(postings.keys());
  const maxTokens = forms.reduce((n, f) => Math.max(n, f.tokens.length), 0);
  return { entries, exact, forms, postings, tokens, maxTokens, skeletons, deletions, dataset };
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
  /** Why it matched: the words paired and by which rule, the listed words that may be missing
   *  (middle names, patronymics, generic words) and those left unmatched. */
  explanation: MatchExplanation;
}

export interface MatchExplanation {
  /** `exact`: equal after normalization; `potential`: similar, for a person to confirm. A name
   *  match is never confirmed on its own: that takes a second identifier (date of birth,
   *  nationality, address, ID number) checked by a person. */
  confidence: 'exact' | 'potential';
  rules: (PairRule | 'normalized_name')[];
  pairs: TokenPair[];
  missing_allowed: string[];
  unmatched: string[];
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
  type Found = { kind: MatchKind; matched: string; score: number; why: MatchExplanation };
  const found = new Map<number, Found>();
  const note = (i: number, m: Found) => {
    const prev = found.get(i);
    if (!prev || RANK[m.kind] < RANK[prev.kind] || (m.kind === prev.kind && m.score > prev.score)) found.set(i, m);
  };
  for (const words of [q.words, q.core, ...q.given]) {
    for (const f of index.exact.get(wordsKey(words)) ?? []) {
      const form = index.forms[f];
      note(form.entry, {
        kind: form.alias ? 'alias' : 'exact',
        matched: form.text,
        score: 1,
        why: { confidence: 'exact', rules: ['normalized_name'], pairs: [], missing_allowed: [], unmatched: [] },
      });
    }
  }
  const tokens = distinctiveCount(q.core) >= 1 ? comparisonTokens(q.core) : [];
  // More tokens than any form has, plus the two extra a match allows: nothing can pair.
  if (tokens.length && tokens.length <= index.maxTokens + 2) {
    const { count, probed } = candidates(index, tokens, q.vowelless);
    const n = tokens.filter((t) => t.length > 1).length;
    for (const [f, hits] of count) {
      const form = index.forms[f];
      if (found.get(form.entry)?.score === 1 || !form.distinctive) continue;
      // A distinctive probed token may be left over only when the query has more tokens than the
      // form (n - k of them) or when a listed name of three words or more is found whole in a
      // longer query (n - 3 of them); generic query words may always be left over (match.ts).
      const k = form.tokens.length;
      if (n - k > 2 || hits < Math.max(1, probed - Math.max(0, n - k, n >= 4 ? n - 3 : 0))) continue;
      const s = scoreForm(tokens, form, q.vowelless);
      if (!s || s.score < FUZZY_THRESHOLD) continue;
      note(form.entry, {
        kind: 'fuzzy',
        matched: form.text,
        score: Math.round(s.score * 1000) / 1000,
        why: {
          confidence: 'potential',
          rules: [...new Set(s.pairs.map((p) => p.rule))],
          pairs: s.pairs,
          missing_allowed: s.free,
          unmatched: s.unmatched,
        },
      });
    }
  }
  const sorted = [...found].sort(
    ([a, x], [b, y]) =>
      RANK[x.kind] - RANK[y.kind] || y.score - x.score || Number(index.entries[a].uid) - Number(index.entries[b].uid),
  );
  const exactOnes = sorted.filter(([, m]) => m.kind !== 'fuzzy');
  // A typo is assumed only when the name as written is not itself listed: "Chen Zhi" is CHEN,
  // Zhi (55505) exactly, not a mistyped CHEN, Zhu (30510).
  const fuzzyOnes = sorted
    .filter(([, m]) => m.kind === 'fuzzy' && !(exactOnes.length && m.why.rules.includes('short_typo')))
    .slice(0, MAX_FUZZY);
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
      explanation: m.why,
    };
  });
}

/** Query tokens searched for candidates: a matching form misses at most two of the query's
 *  tokens (see screenName), so it shares a similar token with at least one of any three. */
const PROBES = 3;

/** The vocabulary tokens a screened token can pair with (match.ts pairRule and typoPair), found
 *  by index lookups: equal, the same Korean syllable, one edit away (short words), similar by
 *  Jaro-Winkler or consonant skeleton (long words). */
export function pairableTokens(index: SdnIndex, t: string, vowelless: boolean): Set<string> {
  const out = new Set<string>();
  const add = (v: string) => {
    if (index.postings.has(v)) out.add(v);
  };
  add(t);
  for (const v of eastAsianVariants(t)) add(v);
  if (vowelless) for (const v of index.skeletons.get(t) ?? []) out.add(v);
  if (t.length >= 3 && t.length <= 5)
    for (const k of deletionKeys(t)) for (const v of index.deletions.get(k) ?? []) if (typoPair(t, v)) out.add(v);
  if (t.length > 4) {
    for (const v of similarTokens(index.tokens, t)) out.add(v);
    // Same consonant skeleton: similar whatever the lengths (MUHAMMAD / MHD-style spellings).
    for (const v of index.skeletons.get(skeleton(t)) ?? []) if (v.length > 4) out.add(v);
  }
  return out;
}

/**
 * Forms sharing a pairable token with the query, and how many of the probed distinctive tokens
 * found one in them (generic words are probed, but may be left over, so they do not count). Initials are not probed (a letter says too little); a name of more than PROBES tokens
 * is probed with its longest ones (fewest similar words): the work per name stays that of three
 * searches whatever its length, and scoreForm then weighs every token.
 */
function candidates(
  index: SdnIndex,
  tokens: string[],
  vowelless: boolean,
): { count: Map<number, number>; probed: number } {
  const words = tokens.filter((t) => t.length > 1);
  const probes = words.length <= PROBES ? words : [...words].sort((a, b) => b.length - a.length).slice(0, PROBES);
  const count = new Map<number, number>();
  let unpaired = 0;
  let distinctive = 0;
  for (const t of probes) {
    const seen = new Set<number>();
    const counts = !isGenericToken(t);
    if (counts) distinctive++;
    for (const v of pairableTokens(index, t, vowelless)) for (const f of index.postings.get(v)!) seen.add(f);
    // Three tokens without any similar token: no form can be missed by so few.
    if (!seen.size && ++unpaired > 2) return { count: new Map(), probed: probes.length };
    for (const f of seen) count.set(f, (count.get(f) ?? 0) + (counts ? 1 : 0));
  }
  return { count, probed: distinctive };
}

const RANK: Record<MatchKind, number> = { exact: 0, alias: 1, fuzzy: 2 };
