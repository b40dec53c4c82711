/**
 * Redaction profiles of exports (API-CONTRACT §14), applied to the bundle every format is
 * rendered from, so the PDF, the JSON and the ZIP cannot disagree:
 * - `none`: everything;
 * - `external`: no internal notes, review notes, operator economics or other claimants' data;
 * - `claimant`: `external`, plus wallet addresses cut to their first 6 and last 4 characters
 *   (everywhere they occur, text included) and sanctions stated only as "under review".
 */
export const REDACTION_PROFILES = ['none', 'external', 'claimant'] as const;
export type RedactionProfile = (typeof REDACTION_PROFILES)[number];

export const shortAddress = (a: string) => (a.length > 12 ? `${a.slice(0, 6)}...${a.slice(-4)}` : a);

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Obj = { [k: string]: Json };

const isObj = (v: Json | undefined): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v));

/** Replaces every full address in every string of `v` (case-insensitive). */
function shortenAll(v: Json, addresses: string[]): Json {
  if (typeof v === 'string') {
    let s = v;
    for (const a of addresses) {
      const re = new RegExp(a.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');
      s = s.replace(re, shortAddress(a));
    }
    return s;
  }
  if (Array.isArray(v)) return v.map((x) => shortenAll(x, addresses));
  if (isObj(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shortenAll(x, addresses)]));
  return v;
}

/** Every wallet address the bundle names (the packet's own and its classified wallets). */
function addressesOf(b: Obj): string[] {
  const out = new Set<string>();
  const add = (v: Json | undefined) => {
    if (typeof v === 'string' && v.length > 12) out.add(v);
  };
  const packet = isObj(b.packet) ? b.packet : {};
  const contents = isObj(b.contents) ? b.contents : {};
  for (const w of Array.isArray(packet.wallets) ? packet.wallets : []) add(w);
  for (const w of Array.isArray(contents.wallets) ? contents.wallets : [])
    if (isObj(w)) {
      add(w.address);
      add(w.input);
    }
  for (const h of Array.isArray(contents.exchange_hypotheses) ? contents.exchange_hypotheses : [])
    if (isObj(h)) add(h.wallet);
  // Longest first, so an address that contains another is replaced whole.
  return [...out].sort((a, z) => z.length - a.length);
}

/**
 * The bundle under a profile. Expects `{packet, contents, …}` as the packet bundle builds it;
 * unknown keys pass through untouched (reports bring their own bundle through the same
 * function once they export).
 */
export function redactBundle<T extends object>(bundle: T, profile: RedactionProfile): T {
  const b = clone(bundle) as unknown as Obj;
  if (profile === 'none') return b as unknown as T;
  const packet = isObj(b.packet) ? b.packet : null;
  const contents = isObj(b.contents) ? b.contents : null;
  if (packet) {
    delete packet.notes;
    if (isObj(packet.review_state)) delete packet.review_state.review_notes;
  }
  if (contents) {
    delete contents.internal_notes;
    if (isObj(contents.matter)) {
      delete contents.matter.economics;
      delete contents.matter.notes;
    }
    // Only the judgment creditor's own identity stays; other claimants' data is theirs.
    const creditor = isObj(contents.judgment_summary) ? contents.judgment_summary.creditor : null;
    if (Array.isArray(contents.claimants)) {
      contents.claimants = contents.claimants
        .filter((c) => isObj(c) && c.name === creditor)
        .map((c) => ({ name: (c as Obj).name, role: (c as Obj).role }));
    }
  }
  if (profile === 'external') return b as unknown as T;
  // Sanctions findings are stated only as "under review" (the check names stay, their reasons go).
  const readiness = packet && isObj(packet.readiness) ? packet.readiness : null;
  if (readiness && Array.isArray(readiness.checks)) {
    readiness.checks = readiness.checks.map((c) =>
      isObj(c) && typeof c.reason === 'string' && /OFAC|sanction/i.test(c.reason)
        ? { ...c, reason: 'Sanctions matters are under review.' }
        : c,
    );
  }
  if (readiness && Array.isArray(readiness.missing_items)) {
    readiness.missing_items = readiness.missing_items.map((m) =>
      typeof m === 'string' && /OFAC|sanction/i.test(m) ? 'Sanctions matters are under review.' : m,
    );
  }
  const addresses = addressesOf(b);
  if (contents && Array.isArray(contents.wallets)) {
    contents.wallets = contents.wallets.map((w) => {
      if (!isObj(w)) return w;
      const { sanctions: _s, ...rest } = w;
      return {
        ...rest,
        category: rest.category === 'sanctioned' ? 'under_review' : rest.category,
        sanctions_status: Array.isArray(_s) && _s.length ? 'under review' : 'none known',
      };
    });
  }
  return shortenAll(b, addresses) as unknown as T;
}
