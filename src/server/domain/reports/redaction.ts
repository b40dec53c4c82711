import { ExactNumber } from '../../json';
import type { RedactionProfile } from '../packets/redaction';
import { addressSet, shortenAddressesIn } from './address-scan';
import { nameSet, statesFinding, UNDER_REVIEW, withoutFindings, withoutListedNames } from './sanctions-wording';

/**
 * Redaction of report section data (API-CONTRACT §14 profiles, applied to §19 reports). The
 * section bodies are written from the redacted data afterwards (bodies.ts), so text can never
 * show what the data lost.
 * - `external`: every internal field goes, at any depth: notes, review and completion notes,
 *   operator economics and claimants' economics (their data is theirs);
 * - `claimant`: `external`, no claimant roster, sanctions stated only as "under review" (no
 *   finding, citation or listed name in any string), and every wallet address in any string
 *   (those the report names, and any other by its shape) cut to its first 6 and last 4 characters.
 */
const INTERNAL_KEYS = new Set([
  'notes',
  'internal_notes',
  'review_notes',
  'completion_notes',
  'profile_notes',
  'economics',
  'operator_economics',
  'fees',
  'internal',
]);
const SANCTIONS_KEYS = new Set([
  'sanctions',
  'sanctions_status',
  'matches',
  'blocked_property_analysis',
  'ofac_report_required',
  'sdn_name',
  'decision_reason',
]);

type Json = unknown;

const isPlain = (v: Json): v is Record<string, Json> =>
  !!v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof ExactNumber);

/**
 * A copy of `v` with each key kept, replaced or dropped (`undefined`) by `visit`, and every
 * string mapped by `text`: one pass, however many rules apply.
 */
function walk(v: Json, visit: (k: string, x: Json) => Json | undefined, text?: (s: string) => string): Json {
  if (typeof v === 'string') return text ? text(v) : v;
  if (Array.isArray(v)) return v.map((x) => walk(x, visit, text));
  if (!isPlain(v)) return v;
  const out: Record<string, Json> = {};
  for (const k of Object.keys(v)) {
    const r = visit(k, v[k]);
    if (r !== undefined) out[k] = walk(r, visit, text);
  }
  return out;
}

/** What the claimant profile hides in every string: addresses (those the report names, and any
 *  address by its shape) and listed-entity names. */
export interface Hidden {
  addresses: readonly string[];
  listed_names: readonly string[];
}

/** The shortest text that can hold an address (a legacy Bitcoin one). */
const SHORTEST_ADDRESS = 25;

/**
 * One string as a claimant may read it: each address shortened, each listed name and each
 * sentence stating a sanctions finding replaced (sanctions-wording.ts). Each step is one linear
 * pass over the string, whatever the number of addresses and names.
 */
export function claimantText(hidden: Hidden): (s: string) => string {
  const known = addressSet(hidden.addresses);
  const names = nameSet(hidden.listed_names);
  return (s) =>
    withoutFindings(withoutListedNames(s.length < SHORTEST_ADDRESS ? s : shortenAddressesIn(s, known), names));
}

/** Every string of `v` as a claimant may read it (claimantText). */
export const claimantStrings = (v: Json, hidden: Hidden): Json => walk(v, (_k, x) => x, claimantText(hidden));

const keepExternal = (k: string, x: Json) => (INTERNAL_KEYS.has(k) ? undefined : x);
// A claimant sees no other claimant: the roster goes with the internal fields and the sanctions detail.
const keepClaimant = (k: string, x: Json) =>
  INTERNAL_KEYS.has(k) || k === 'claimants'
    ? undefined
    : SANCTIONS_KEYS.has(k)
      ? k === 'sanctions_status' || k === 'sanctions'
        ? UNDER_REVIEW
        : undefined
      : x;

/** Section data under a profile, in one pass over it. */
export function redactData(
  data: Record<string, Json>,
  profile: RedactionProfile,
  hidden: Hidden,
): Record<string, Json> {
  if (profile === 'none') return data;
  const out = profile === 'external' ? walk(data, keepExternal) : walk(data, keepClaimant, claimantText(hidden));
  return out as Record<string, Json>;
}

/** The reference datasets a report names, under a profile: a claimant's omits the sanctions lists. */
export const profileDatasets = (datasets: string[], profile: RedactionProfile) =>
  profile === 'claimant' ? datasets.filter((d) => !statesFinding(d)) : datasets;

/** The report's review state under a profile: review notes are internal (API-CONTRACT §14). */
export const profileReviewState = <T extends { review_notes?: unknown }>(state: T, profile: RedactionProfile): T =>
  profile === 'none' ? state : { ...state, review_notes: null };
