/**
 * How a claimant-facing report speaks of sanctions (API-CONTRACT §14, `claimant`): only as
 * "under review". A claimant must not learn a listing, a blocking decision or whom it names,
 * so under that profile every string is rewritten:
 * - each sentence that states a finding (OFAC, SDN, "Specially Designated", blocked or
 *   blocking, sanctioned, a 31 CFR citation) becomes "Sanctions matters: under review." (a
 *   lone word such as a status becomes "under review"; the status `blocked` reads "on hold",
 *   as actions use it for steps that wait);
 * - each listed-entity name the matter's sanctions data holds (see services/reports/listed-names)
 *   becomes "(name under review)", wherever it stands.
 * Both are single passes over the text: a name is found by looking its words up in a Set, not
 * by one RegExp per name.
 */
export const UNDER_REVIEW = 'under review';
export const SANCTIONS_UNDER_REVIEW = 'Sanctions matters: under review.';
const NAME_UNDER_REVIEW = '(name under review)';

const FINDING =
  /(?<![\p{L}\p{N}])(?:OFAC|SDNs?|specially\s+designated|blocked|blocking|sanctioned|31\s*C\.?\s*F\.?\s*R)(?![\p{L}\p{N}])/iu;
// A sentence ends at . ! ? before a capital, so "31 C.F.R. 501.603" stays in one sentence.
const SENTENCE_END = /(?<=[.!?])\s+(?=[\p{Lu}(])/u;
const WORD = /[\p{L}\p{N}]+/gu;
/** Names are matched on at most this many words (SDN names are shorter). */
const MAX_NAME_WORDS = 12;

export const statesFinding = (s: string) => FINDING.test(s);

/** `s` with each sentence that states a sanctions finding replaced. */
export function withoutFindings(s: string): string {
  if (!FINDING.test(s)) return s;
  if (!/\s/.test(s.trim())) return /^blocked$/i.test(s.trim()) ? 'on hold' : UNDER_REVIEW;
  const out: string[] = [];
  for (const sentence of s.split(SENTENCE_END)) {
    const next = FINDING.test(sentence) ? SANCTIONS_UNDER_REVIEW : sentence;
    if (next !== SANCTIONS_UNDER_REVIEW || out.at(-1) !== SANCTIONS_UNDER_REVIEW) out.push(next);
  }
  return out.join(' ');
}

const nameKey = (s: string) => (s.toLowerCase().match(WORD) ?? []).join(' ');

/** The lookup of listed names (their words, lowercased); names under 4 characters are ignored. */
export function nameSet(names: Iterable<string>): { keys: ReadonlySet<string>; maxWords: number } {
  const keys = new Set<string>();
  let maxWords = 0;
  for (const n of names) {
    const key = nameKey(n);
    const words = key.split(' ').length;
    if (key.length < 4 || words > MAX_NAME_WORDS) continue;
    keys.add(key);
    maxWords = Math.max(maxWords, words);
  }
  return { keys, maxWords };
}

/** `s` with every listed name in it (the longest at each word, case-insensitive) replaced. */
export function withoutListedNames(s: string, names: ReturnType<typeof nameSet>): string {
  if (!names.keys.size) return s;
  const words = [...s.matchAll(WORD)];
  if (!words.length) return s;
  let out = '';
  let from = 0;
  for (let i = 0; i < words.length;) {
    let key = '';
    let end = -1;
    for (let j = i; j < Math.min(words.length, i + names.maxWords); j++) {
      key = j === i ? words[j][0].toLowerCase() : `${key} ${words[j][0].toLowerCase()}`;
      if (names.keys.has(key)) end = j;
    }
    if (end < 0) {
      i++;
      continue;
    }
    out += s.slice(from, words[i].index) + NAME_UNDER_REVIEW;
    from = words[end].index! + words[end][0].length;
    i = end + 1;
  }
  return out + s.slice(from);
}
