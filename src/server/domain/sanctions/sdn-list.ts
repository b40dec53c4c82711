import { parseCsvRows } from '../judgments/csv';
import { distinctiveCount, listedNameForms, nameQuery } from './names';

/**
 * The OFAC SDN names list (legacy sdn.csv) as an in-memory index, and screening of one name
 * against it. Built once from the file's text (the caller reads it), so this stays free of I/O.
 */
export type SdnType = 'individual' | 'entity' | 'vessel' | 'aircraft';
export interface SdnEntry { uid: string; name: string; type: SdnType; programs: string[]; aliases: string[] }

export interface SdnDataset {
  /** Path of the shipped file, relative to the app root. */
  name: string;
  file: string;
  /** Publication date of the copy (see data/ofac-sdn/PROVENANCE.md); null when the file on disk
   *  is not that copy, so no date can be claimed for it. */
  as_of: string | null;
  sha256: string;
  /** What the copy lacks, said in every reliance on it; null for a complete list. */
  gaps: string | null;
}

/** The copy documented in data/ofac-sdn/PROVENANCE.md (last non-empty git-scrape, 2024-05-03). */
export const SDN_DATASET: SdnDataset = {
  name: 'data/ofac-sdn/sdn.csv',
  file: 'sdn.csv',
  as_of: '2024-05-03',
  sha256: '210ca6b4a8187a34e0850be69ecc6e918f23ad7778b8b5b2f9c9d5fbbaf4e0cb',
  gaps: "OFAC's alias file alt.csv is not shipped, so only the aliases quoted in the Remarks column are screened",
};

export interface SdnIndex {
  entries: SdnEntry[];
  /** Name key → entries whose primary name has that key. */
  exact: Map<string, number[]>;
  /** Alias key → [entry, alias text]. */
  alias: Map<string, [number, string][]>;
  /** Word → individuals and entities whose primary name has it (vessels and aircraft are
   *  matched by exact name only: their names are ordinary words like DOVER or AMBER). */
  postings: Map<string, number[]>;
  /** Distinct words of each entry's primary name, and how many of them are distinctive. */
  size: number[];
  distinctive: number[];
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
      programs: field(r[3]).split(/\]\s*\[/).map((p) => p.trim()).filter(Boolean),
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

export function buildSdnIndex(entries: SdnEntry[], dataset: SdnDataset = SDN_DATASET): SdnIndex {
  const exact = new Map<string, number[]>();
  const alias = new Map<string, [number, string][]>();
  const postings = new Map<string, number[]>();
  const size: number[] = [];
  const distinctive: number[] = [];
  entries.forEach((e, i) => {
    const person = e.type === 'individual';
    const forms = listedNameForms(e.name, person);
    for (const f of forms) push(exact, f.join(' '), i);
    const words = new Set(forms[0]); // both forms of a person's name have the same words
    size.push(words.size);
    distinctive.push(distinctiveCount(words));
    if (person || e.type === 'entity') for (const w of words) push(postings, w, i);
    for (const a of e.aliases) {
      // An alias written "LAST, First" is a person's name only on an individual's entry.
      for (const f of listedNameForms(a, person)) push(alias, f.join(' '), [i, a]);
    }
  });
  return { entries, exact, alias, postings, size, distinctive, dataset };
}

export type MatchKind = 'exact' | 'alias' | 'token';
export interface NameMatch {
  kind: MatchKind;
  uid: string;
  name: string;
  type: SdnType;
  programs: string[];
  /** The listed name or alias that matched. */
  matched: string;
}

const RANK: Record<MatchKind, number> = { exact: 0, alias: 1, token: 2 };

/**
 * Screens one name. `exact`: its normalized form equals a listed name (either order of an
 * individual's name). `alias`: it equals an alias from Remarks. `token`: every word of a listed
 * name of two words or more (one of them distinctive) is in it ("Cimex Iberica Trading"), or
 * every word of it, legal forms aside and two of them distinctive, is in a listed name ("Kim
 * Jong" in "KIM, Jong Un"): partial overlaps a person must look at. One match per entry, the
 * strongest; exact first, then alias, then the closest token match.
 */
export function screenName(index: SdnIndex, raw: string): NameMatch[] {
  const q = nameQuery(raw);
  const found = new Map<number, { kind: MatchKind; matched: string; gap: number }>();
  const note = (i: number, kind: MatchKind, matched: string, gap = 0) => {
    const prev = found.get(i);
    if (!prev || RANK[kind] < RANK[prev.kind] || (kind === prev.kind && gap < prev.gap)) found.set(i, { kind, matched, gap });
  };
  for (const k of q.keys) {
    for (const i of index.exact.get(k) ?? []) note(i, 'exact', index.entries[i].name);
    for (const [i, a] of index.alias.get(k) ?? []) note(i, 'alias', a);
  }
  const all = new Map<number, number>();
  const core = new Map<number, number>();
  const coreWords = new Set(q.core);
  const coreDistinctive = distinctiveCount(coreWords);
  for (const w of new Set(q.words)) {
    for (const i of index.postings.get(w) ?? []) {
      all.set(i, (all.get(i) ?? 0) + 1);
      if (coreWords.has(w)) core.set(i, (core.get(i) ?? 0) + 1);
    }
  }
  for (const [i, n] of all) {
    const listedInName = n === index.size[i] && index.size[i] >= 2 && index.distinctive[i] >= 1;
    const nameInListed = coreDistinctive >= 2 && core.get(i) === coreWords.size;
    if (listedInName || nameInListed) note(i, 'token', index.entries[i].name, Math.abs(index.size[i] - coreWords.size));
  }
  return [...found]
    .sort(([a, x], [b, y]) => RANK[x.kind] - RANK[y.kind] || x.gap - y.gap || Number(index.entries[a].uid) - Number(index.entries[b].uid))
    .map(([i, m]) => {
      const e = index.entries[i];
      return { kind: m.kind, uid: e.uid, name: e.name, type: e.type, programs: e.programs, matched: m.matched };
    });
}
