import { isGenericToken, jaroWinkler, skeleton, TOKEN_FLOOR } from './fuzzy';
import { oneEdit, sameEastAsian } from './variants';

/**
 * How one screened name compares with one listed name (the primary name or an alias of an SDN
 * entry), token by token, and why. Pure; the SDN index (sdn-list.ts) finds the candidates.
 *
 * Each token of the screened name takes its best distinct partner in the listed name under the
 * first rule that pairs them (PairRule). Then the listed name's leftovers are weighed: a
 * person's middle names and patronymics (given-name words after the first) and the second of
 * two surnames may be missing; an entity's generic business words may be missing; any other
 * listed word left unpaired counts against the score, as does an unpaired screened word. So
 * "Karen Park" is not CARIBBEAN BEACH PARK (BEACH is unpaired, KAREN ~ CARIBBEAN is a weak
 * pair) and "Yevgeny Prigozhin" is PRIGOZHIN, Yevgeniy Viktorovich (the patronymic is free).
 * For a listed person the screened name must pair the surname and the first given name when it
 * has two or more words: a given name pairs with a given name, not with any word of the name.
 */

export type PairRule =
  | 'equal' // the same word after normalization and romanization folding (fuzzy.ts foldToken)
  | 'east_asian_romanization' // one Korean syllable in RR / McCune–Reischauer / customary spelling
  | 'consonant_skeleton' // same consonants, vowels differ (Arabic and Persian romanizations)
  | 'similar_spelling' // Jaro-Winkler ≥ PAIR_FLOOR on words longer than four letters
  | 'initial' // one letter for a listed person's given name or patronymic ("V. V. Putin")
  | 'short_typo'; // one edit in a word of up to four letters (at most one per name)

export interface TokenPair {
  query: string;
  listed: string;
  rule: PairRule;
  score: number;
}

export interface FormParts {
  /** All comparison tokens of the listed name (fuzzy.ts comparisonTokens). */
  tokens: readonly string[];
  /** A listed person's surname tokens and given-name tokens (in order); null when the listed
   *  name does not say which is which (entities, persons listed without a comma). */
  surname: readonly string[] | null;
  given: readonly string[] | null;
  person: boolean;
}

export interface FormScore {
  score: number;
  pairs: TokenPair[];
  /** Listed words left unpaired that cost nothing (middle names, patronymics, generic words). */
  free: string[];
  /** Listed or screened words left unpaired that lowered the score. */
  unmatched: string[];
}

/** A pair by spelling alone needs this Jaro-Winkler: 0.88 keeps KASSIM / QASIM and HUSSAIN /
 *  HUSSEIN (0.92) but not SANDRA / SADDAM (0.858). */
export const PAIR_FLOOR = Math.max(TOKEN_FLOOR, 0.88);
/** Words of this length or less pair by spelling only when equal, or by one edit (short_typo). */
const SHORT = 4;

const RULE_SCORE: Record<Exclude<PairRule, 'similar_spelling'>, number> = {
  equal: 1,
  east_asian_romanization: 0.97,
  consonant_skeleton: 0.95,
  initial: 0.9,
  short_typo: 0.9,
};

/** The rule (and score) by which a screened token pairs with a listed one, or null. Initials and
 *  typos are decided by scoreForm, which knows the parts of the name. */
export function pairRule(q: string, l: string, vowelless: boolean): { rule: PairRule; score: number } | null {
  if (q === l) return { rule: 'equal', score: 1 };
  if (sameEastAsian(q, l)) return { rule: 'east_asian_romanization', score: RULE_SCORE.east_asian_romanization };
  if (vowelless && q.length >= 2 && skeleton(l) === q)
    return { rule: 'consonant_skeleton', score: RULE_SCORE.consonant_skeleton };
  if (q.length <= SHORT || l.length <= SHORT) return null;
  const sk = skeleton(q);
  if (sk.length >= 3 && sk === skeleton(l)) return { rule: 'consonant_skeleton', score: RULE_SCORE.consonant_skeleton };
  const jw = jaroWinkler(q, l);
  return jw >= PAIR_FLOOR ? { rule: 'similar_spelling', score: jw } : null;
}

/** Whether a short screened token may pair with a listed one by a one-letter typo: both of three
 *  to five letters, one of at most four, neither a generic word (BANK, OIL, GAS...). */
export const typoPair = (q: string, l: string) =>
  q.length >= 3 &&
  l.length >= 3 &&
  Math.min(q.length, l.length) <= SHORT &&
  Math.max(q.length, l.length) <= SHORT + 1 &&
  !isGenericToken(q) &&
  !isGenericToken(l) &&
  oneEdit(q, l);

/**
 * Scores a screened name (its comparison tokens; `vowelless` when it was written in Arabic
 * script) against one listed name. Null when a rule of the name's structure fails.
 */
export function scoreForm(query: readonly string[], form: FormParts, vowelless = false): FormScore | null {
  const L = form.tokens;
  const candidates: [number, number, PairRule, number][] = [];
  for (let i = 0; i < query.length; i++) {
    const q = query[i];
    for (let j = 0; j < L.length; j++) {
      const l = L[j];
      if (q.length === 1) {
        // An initial stands for a listed person's given name or patronymic only; a one-letter
        // word may also be a Korean syllable (YI folds to I).
        if (q === l || sameEastAsian(q, l)) {
          const r = q === l ? 'equal' : 'east_asian_romanization';
          candidates.push([i, j, r, RULE_SCORE[r]]);
        } else if (form.person && form.given?.includes(l) && l.length > 1 && l[0] === q)
          candidates.push([i, j, 'initial', RULE_SCORE.initial]);
        continue;
      }
      const r = pairRule(q, l, vowelless);
      // Given names by spelling: not a name and its other-gender form (JULIA / JULIAN, DANIEL /
      // DANIELA, VICTOR / VICTORIA), nor MARIA / MARIO-close pairs below 0.93.
      if (r && r.rule === 'similar_spelling' && form.given?.includes(l) && !similarGiven(q, l, r.score)) continue;
      if (r) candidates.push([i, j, r.rule, r.score]);
      else if (typoPair(q, l)) candidates.push([i, j, 'short_typo', RULE_SCORE.short_typo]);
    }
  }
  candidates.sort((a, b) => b[3] - a[3]);
  const qUsed = new Array<PairRule | null>(query.length).fill(null);
  const lUsed = new Array<boolean>(L.length).fill(false);
  const pairs: TokenPair[] = [];
  let typos = 0;
  for (const [i, j, rule, score] of candidates) {
    if (qUsed[i] || lUsed[j]) continue;
    if (rule === 'short_typo' && typos++) continue;
    qUsed[i] = rule;
    lUsed[j] = true;
    pairs.push({ query: query[i], listed: L[j], rule, score });
  }
  if (!pairs.length) return null;
  // At least one word is the same (after folding) or the same Korean syllable: two words that
  // are each only similar ("Angela Glover" / "LLOVERA, Negal") are two coincidences, not a name.
  const sure = pairs.filter((p) => p.rule === 'equal' || p.rule === 'east_asian_romanization');
  if (!sure.length) return null;
  // A typo or an initial leans on the rest of the name: at least one other word must pair.
  if (pairs.length < 2 && pairs.some((p) => p.rule === 'initial' || p.rule === 'short_typo')) return null;
  const free: string[] = [];
  const unmatched: string[] = [];
  const pairedListed = new Set(pairs.map((p) => p.listed));
  if (form.person && form.surname && form.given) {
    const surnamePaired = form.surname.some((t) => pairedListed.has(t));
    if (query.length >= 2) {
      // Name-part aware: the surname and the first given name both pair.
      if (!surnamePaired) return null;
      if (form.given.length && !pairedListed.has(form.given[0])) return null;
    }
    if (pairs.some((p) => p.rule === 'initial') && !form.surname.some((t) => strongPair(pairs, t))) return null;
    // Of two surnames (Spanish and Portuguese names: paternal, then maternal) the second may be
    // missing when the first is paired, not the other way round.
    let spareSurname = form.surname.length > 1 && pairedListed.has(form.surname[0]) ? 1 : 0;
    L.forEach((l, j) => {
      if (lUsed[j]) return;
      if (form.given!.includes(l) && l !== form.given![0]) free.push(l);
      else if (form.surname!.includes(l) && spareSurname) {
        spareSurname--;
        free.push(l);
      } else unmatched.push(l);
    });
  } else {
    L.forEach((l, j) => {
      if (lUsed[j]) return;
      if (!form.person && isGenericToken(l)) free.push(l);
      else unmatched.push(l);
    });
  }
  // Screened words left over: generic business words cost nothing, nor do words beside a listed
  // name found whole in a longer one (three words or more, none of its own unmatched); any other
  // word costs.
  // Generic words left on both sides are a different name ("Aeza Group" is not "AEZA
  // INTERNATIONAL"), so screened generic words are free only when the listed name left none.
  const whole = !unmatched.length && sure.length >= 3;
  const listedGenericLeft = free.length > 0 && !form.person;
  query.forEach((q, i) => {
    if (qUsed[i]) return;
    if ((!form.person && isGenericToken(q) && !listedGenericLeft) || whole) free.push(q);
    else unmatched.push(q);
  });
  // Generic words must pair but do not carry the score ("Lazarus Group" is not "La Crosse Group").
  const distinctive = pairs.filter((p) => !isGenericToken(p.query));
  const scored = distinctive.length ? distinctive : pairs;
  const score = scored.reduce((n, p) => n + p.score, 0) / (scored.length + unmatched.length);
  return { score, pairs, free, unmatched };
}

const strongPair = (pairs: TokenPair[], listed: string) =>
  pairs.some((p) => p.listed === listed && (p.rule === 'equal' || p.rule === 'east_asian_romanization'));

/** Whether a given name pairs with a listed given name by spelling: Jaro-Winkler of at least
 *  0.93, and neither a prefix of the other (the other-gender form of one name). */
const similarGiven = (q: string, l: string, jw: number) => jw >= 0.93 && !q.startsWith(l) && !l.startsWith(q);
