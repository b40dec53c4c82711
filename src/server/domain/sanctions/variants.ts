import { foldToken } from './fuzzy';

/**
 * Romanization variants of Korean syllables: one Hangul syllable is written differently by the
 * Revised Romanization of 2000 (RR, South Korea's official system: GIM, BAK, JEONG, EUN), by
 * McCune–Reischauer (MR, used by North Korea and by OFAC for DPRK names: KIM, PAK, CHONG, UN)
 * and by customary family-name spellings (PARK, CHOI, LEE, RHEE). Each group below is one
 * syllable in those systems (National Institute of Korean Language, "Romanization of Korean",
 * 2000; McCune & Reischauer 1939 tables; the customary spellings are those of the Korean family
 * names in OFAC's own list, e.g. PAK / PARK, CHOE / CHOI, RI / YI / LEE). These are variant
 * classes, not a transliteration table: the Hangul itself is romanized by any-ascii (names.ts).
 */
const GROUPS = [
  // Family names.
  ['KIM', 'GIM'],
  ['PAK', 'PARK', 'BAK', 'BAHK', 'PACK'],
  ['CHOE', 'CHOI', 'CHWE', 'CHOY', 'CHOEI'],
  ['RI', 'YI', 'LEE', 'RHEE', 'LI', 'RHIE', 'YEE', 'I'],
  ['JONG', 'CHONG', 'JEONG', 'CHUNG', 'JUNG', 'CHEONG'],
  ['KANG', 'GANG'],
  ['CHO', 'JO', 'CHOH'],
  ['CHANG', 'JANG'],
  ['KO', 'GO', 'KOH'],
  ['SIN', 'SHIN'],
  ['O', 'OH'],
  ['YUN', 'YOON'],
  ['RYU', 'YU', 'YOO', 'RYOO'],
  ['AN', 'AHN'],
  ['MUN', 'MOON'],
  ['SO', 'SEO', 'SUH'],
  ['KWON', 'GWON'],
  ['KU', 'GU', 'KOO'],
  ['PAEK', 'BAEK', 'BAIK', 'PAIK'],
  ['NO', 'ROH', 'RO', 'NOH'],
  ['RIM', 'LIM', 'IM', 'YIM'],
  ['TONG', 'DONG'],
  ['CHON', 'JEON', 'CHUN', 'JUN', 'CHEON'],
  // Given-name syllables.
  ['UN', 'EUN'],
  ['SONG', 'SEONG', 'SUNG'],
  ['CHOL', 'CHEOL', 'CHUL'],
  ['HYON', 'HYEON', 'HYUN'],
  ['YONG', 'YEONG', 'YOUNG'],
  ['MYONG', 'MYEONG', 'MYUNG'],
  ['HUI', 'HEE', 'HUY', 'HI'],
  ['KWANG', 'GWANG'],
  ['KYONG', 'GYEONG', 'KYUNG', 'GYONG'],
  ['TAE', 'DAE'],
  ['KI', 'GI'],
  ['PONG', 'BONG'],
  ['POK', 'BOK'],
  ['SOK', 'SEOK', 'SUK'],
  ['SU', 'SOO'],
  ['CHU', 'JU', 'JOO'],
  ['CHIN', 'JIN'],
  ['CHOL', 'JOL'],
  ['KUK', 'GUK'],
  ['KON', 'GEON', 'GUN', 'KUN'],
  ['TOK', 'DEOK', 'DUK', 'TUK'],
  ['PYONG', 'BYEONG', 'BYUNG'],
  ['HAK', 'HAG'],
  ['YO', 'YEO'],
  ['HYOK', 'HYEOK', 'HYUK'],
  ['RYONG', 'RYEONG', 'RYUNG', 'LYONG', 'YONG'],
];

/** Folded token → its class number. A token in two groups (CHOL) keeps the first class. */
const CLASS = new Map<string, number>();
/** Class number → its folded members. */
const MEMBERS: string[][] = [];
GROUPS.forEach((g) => {
  const folded = [...new Set(g.map(foldToken))];
  const existing = folded.map((t) => CLASS.get(t)).find((c) => c !== undefined);
  const cls = existing ?? MEMBERS.push([]) - 1;
  for (const t of folded) {
    if (!CLASS.has(t)) CLASS.set(t, cls);
    if (!MEMBERS[cls].includes(t)) MEMBERS[cls].push(t);
  }
});

/** Whether two folded tokens are one Korean syllable in different romanizations. */
export const sameEastAsian = (a: string, b: string) => {
  const c = CLASS.get(a);
  return c !== undefined && c === CLASS.get(b);
};

/** The folded spellings of the same syllable (empty when the token is none). */
export const eastAsianVariants = (t: string): readonly string[] => {
  const c = CLASS.get(t);
  return c === undefined ? [] : MEMBERS[c];
};

/** Whether a and b are one edit apart (a substitution, insertion, deletion or swap of two
 *  neighbouring letters): the Damerau–Levenshtein distance is exactly 1. */
export function oneEdit(a: string, b: string): boolean {
  if (a === b) return false;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** The deletion keys of a short token (itself and each one-letter deletion): two tokens one edit
 *  apart share a key (symmetric-delete lookup), so one-edit neighbours are found by map lookups. */
export function deletionKeys(t: string): string[] {
  const out = new Set([t]);
  for (let i = 0; i < t.length; i++) out.add(t.slice(0, i) + t.slice(i + 1));
  return [...out];
}
