import { addressKey, screenAddress, type AddressDataset, type AddressIndex } from './addresses';
import { nameQuery } from './names';
import { namePartLabels } from './sdn-dataset';
import {
  screenName,
  wordsKey,
  type MatchExplanation,
  type SdnAlias,
  type SdnDataset,
  type SdnEntry,
  type SdnIndex,
} from './sdn-list';

/**
 * Sanctions screening of a set of subjects (API-CONTRACT §15), the one screening every caller
 * uses: the screen operation, the sanctions-review packet, the judgment's `sanctions` gate and
 * the enforcement plan. Wallets go against the OFAC digital-currency addresses, entities and
 * counterparties against the SDN names. Pure: the caller hands in the loaded indexes.
 */
export type SubjectType = 'wallet' | 'entity' | 'counterparty';
export type ScreenStatus = 'clear' | 'potential_match' | 'match';

export const NAME_LIST = 'OFAC SDN list';
export const ADDRESS_LIST = 'OFAC SDN digital currency addresses';

export interface ScreenMatch {
  subject: string;
  subject_type: SubjectType;
  list: string;
  list_date: string | null;
  sdn_name: string;
  programs: string[];
  match_type: 'exact' | 'fuzzy';
  score: number;
  /** OFAC's entry (ent_num / profile id) and what it lists. */
  sdn_id: string;
  sdn_type: string;
  /** The listed name, alias or address that matched. */
  matched: string;
  /** Wallets: the network and OFAC tickers the address is listed under; null for names. */
  network: string | null;
  assets: string[];
  /** Names: when an alias matched, OFAC's type for it (a.k.a., f.k.a., n.k.a.) and whether it is
   *  weak (a "low quality" alias, not to be relied on alone); null for the primary name. Absent
   *  on wallet matches and on screens recorded before aliases were typed. */
  alias?: { type: SdnAlias['type']; weak: boolean } | null;
  /** Names: why the name matched (sdn-list.ts MatchExplanation): `exact` or `potential`, the
   *  words paired and by which rule. Never a confirmation: that needs a second identifier.
   *  Absent on wallet matches and on screens recorded before explanations. */
  explanation?: MatchExplanation;
}

export interface ScreenData {
  names: SdnIndex;
  addresses: AddressIndex;
}
export interface Subjects {
  wallets?: string[];
  entities?: string[];
  counterparties?: string[];
}

export interface ScreenResult {
  status: ScreenStatus;
  matches: ScreenMatch[];
  datasets: string[];
  /** Why the result needs a person's confirmation even when clear (list age, gaps). */
  review_reasons: string[];
}

/** A list older than this no longer says who is designated today (OFAC changes it weekly). */
export const MAX_LIST_AGE_DAYS = 31;

const days = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The datasets a screen rests on, each with its date, as outputs name them (§12). */
export interface Datasets {
  names: SdnDataset;
  addresses: AddressDataset;
}
export const datasetsOf = (data: ScreenData): Datasets => ({
  names: data.names.dataset,
  addresses: data.addresses.dataset,
});

/** Each file a screening read, with its own date: the address lists, then the name list's parts. */
export function screenDatasets(ds: Datasets): string[] {
  const a = ds.addresses;
  return [`${a.lists} (${a.as_of})`, `${a.entities} (${a.as_of})`, ...namePartLabels(ds.names)];
}

/** Why a screening against these lists must be confirmed by a person on `today`. */
export function datasetReviews(ds: Datasets, today: string, used: { names: boolean; wallets: boolean }): string[] {
  const out: string[] = [];
  const n = ds.names;
  if (used.names) {
    if (!n.as_of)
      out.push(
        `The SDN names file ${n.name} is not the copy documented in its PROVENANCE.md, so its date is unknown: confirm the screening against the current OFAC list.`,
      );
    else if (days(n.as_of, today) > MAX_LIST_AGE_DAYS) {
      out.push(
        `Names were screened against the OFAC SDN list of ${n.as_of} (${days(n.as_of, today)} days old); designations and delistings since then are not reflected: confirm against the current OFAC list.`,
      );
    }
    if (n.gaps) out.push(`The SDN name screening is incomplete: ${n.gaps}.`);
  }
  const a = ds.addresses;
  if (used.wallets && days(a.as_of, today) > MAX_LIST_AGE_DAYS) {
    out.push(
      `Wallets were screened against OFAC digital-currency addresses of ${a.as_of} (${days(a.as_of, today)} days old): confirm against the current OFAC list.`,
    );
  }
  return out;
}

/** Screens one wallet: every listing of its address is an exact match. */
export function screenWallet(addresses: AddressIndex, subject: string): ScreenMatch[] {
  const hits = screenAddress(addresses, subject);
  const byProfile = new Map<string, ScreenMatch>();
  for (const h of hits) {
    const k = h.sdn_profile_id || h.address;
    const prev = byProfile.get(k);
    if (prev) {
      if (!prev.assets.includes(h.asset)) prev.assets.push(h.asset);
      continue;
    }
    byProfile.set(k, {
      subject,
      subject_type: 'wallet',
      list: ADDRESS_LIST,
      list_date: addresses.dataset.as_of,
      sdn_name: h.sdn_name,
      programs: h.programs,
      match_type: 'exact',
      score: 1,
      sdn_id: h.sdn_profile_id,
      sdn_type: h.party_type.toLowerCase() || 'unknown',
      matched: h.address,
      network: h.network,
      assets: [h.asset],
    });
  }
  return [...byProfile.values()];
}

const byUid = new WeakMap<SdnIndex, Map<string, SdnEntry>>();
/** What the matched alias of an entry is (null when the primary name matched). */
function aliasOf(index: SdnIndex, uid: string, matched: string): ScreenMatch['alias'] {
  let entries = byUid.get(index);
  if (!entries) byUid.set(index, (entries = new Map(index.entries.map((e) => [e.uid, e]))));
  const e = entries.get(uid);
  if (!e || matched === e.name) return null;
  const a = e.alt?.find((x) => x.name === matched);
  return a ? { type: a.type, weak: a.weak } : null;
}

/** Screens one name: exact (after normalization, any word order, aliases included) or fuzzy. */
export function screenNameSubject(
  data: ScreenData,
  subject: string,
  subject_type: 'entity' | 'counterparty',
): ScreenMatch[] {
  return screenName(data.names, subject).map((m) => ({
    subject,
    subject_type,
    list: NAME_LIST,
    list_date: data.names.dataset.as_of,
    sdn_name: m.name,
    programs: m.programs,
    match_type: m.kind === 'fuzzy' ? 'fuzzy' : 'exact',
    score: m.score,
    sdn_id: m.uid,
    sdn_type: m.type,
    matched: m.matched,
    network: null,
    assets: [],
    alias: aliasOf(data.names, m.uid, m.matched),
    explanation: m.explanation,
  }));
}

/** A match on a weak alias only: OFAC says such an alias is not to be relied on alone, so the
 *  match stands (collection stays paused) but a person confirms it against identifiers. */
export function weakAliasReviews(matches: readonly ScreenMatch[]): string[] {
  return matches
    .filter((m) => m.alias?.weak)
    .map(
      (m) =>
        `'${m.subject}' matched '${m.matched}', a weak alias of SDN entry ${m.sdn_id} '${m.sdn_name}': OFAC says a weak alias is not to be relied on alone; confirm against dates of birth, addresses and identifiers.`,
    );
}

/** The status of a set of matches: any exact one is a match, a fuzzy one a potential match. */
export const statusOf = (matches: readonly Pick<ScreenMatch, 'match_type'>[]): ScreenStatus =>
  matches.some((m) => m.match_type === 'exact') ? 'match' : matches.length ? 'potential_match' : 'clear';

/** The subjects a screen screens: trimmed, blanks dropped, duplicates once each. */
function screenedSubjects(s: Subjects): Required<Subjects> {
  const uniq = (xs?: string[]) => [...new Set((xs ?? []).map((x) => x.trim()).filter(Boolean))];
  return { wallets: uniq(s.wallets), entities: uniq(s.entities), counterparties: uniq(s.counterparties) };
}

/** Each subject with its type, in the order a screen reports them: wallets, entities,
 *  counterparties. */
const subjectList = (s: Required<Subjects>): [SubjectType, string][] => [
  ...s.wallets.map((w): [SubjectType, string] => ['wallet', w]),
  ...s.entities.map((e): [SubjectType, string] => ['entity', e]),
  ...s.counterparties.map((c): [SubjectType, string] => ['counterparty', c]),
];

/** Screens one subject of any type. */
const screenSubject = (data: ScreenData, type: SubjectType, subject: string): ScreenMatch[] =>
  type === 'wallet' ? screenWallet(data.addresses, subject) : screenNameSubject(data, subject, type);

/** A screen's result from the matches of its subjects (screenedSubjects), in subjectList order. */
function screenResultOf(
  data: ScreenData,
  subjects: Required<Subjects>,
  matches: ScreenMatch[],
  today: string,
): ScreenResult {
  return {
    status: statusOf(matches),
    matches,
    datasets: screenDatasets(datasetsOf(data)),
    review_reasons: [
      ...datasetReviews(datasetsOf(data), today, {
        names: subjects.entities.length + subjects.counterparties.length > 0,
        wallets: subjects.wallets.length > 0,
      }),
      ...weakAliasReviews(matches),
    ],
  };
}

/** Screens every subject (duplicates once each) and names the datasets. */
export function screenSubjects(data: ScreenData, s: Subjects, today: string): ScreenResult {
  const subjects = screenedSubjects(s);
  const matches = subjectList(subjects).flatMap(([type, subject]) => screenSubject(data, type, subject));
  return screenResultOf(data, subjects, matches, today);
}

/** The screened subject as compared: an address by its key, a name by its normalized words. */
export function subjectKey(m: Pick<ScreenMatch, 'subject' | 'subject_type'>): string {
  if (m.subject_type === 'wallet') return `wallet:${addressKey(m.subject).key}`;
  return `${m.subject_type}:${wordsKey(nameQuery(m.subject).core)}`;
}

/** What a clearing decision clears: this subject against this SDN entry (a later screen that
 *  finds the same subject against another entry is a new question for counsel). */
export const clearanceKey = (m: Pick<ScreenMatch, 'subject' | 'subject_type' | 'sdn_id'>) =>
  `${subjectKey(m)}|${m.sdn_id}`;

/**
 * The matches that keep ordinary collection paused (§15): every match or potential match of the
 * matter's screens that no clearing decision has cleared. Pure over the stored screens and the
 * clearance keys of the matter's cleared reviews.
 */
export function unresolvedMatches<M extends Pick<ScreenMatch, 'subject' | 'subject_type' | 'sdn_id'>>(
  screens: { matches: M[] }[],
  cleared: ReadonlySet<string>,
): M[] {
  const out = new Map<string, M>();
  for (const s of screens) for (const m of s.matches) if (!cleared.has(clearanceKey(m))) out.set(clearanceKey(m), m);
  return [...out.values()];
}
