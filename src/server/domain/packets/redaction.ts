/**
 * Redaction profiles of exports (API-CONTRACT §14), applied to the bundle every format is
 * rendered from, so the PDF, the JSON and the ZIP cannot disagree. Packets and issuer
 * remediation packets follow the same rules:
 * - `none`: everything (internal use);
 * - `external`: no internal notes, review notes, stage notes (`packet.history[].notes`),
 *   admissibility notes of the sources (`source_refs[].admissibility_notes`: counsel's view of
 *   its own evidence), operator economics or other claimants' data;
 * - `claimant`: `external`, plus wallet addresses cut to their first 6 and last 4 characters
 *   (everywhere they occur, text included), sanctions stated only as "under review", and of a
 *   destination wallet certificate only the wallet, its screen and its approval (not its owner,
 *   custodian or signer model).
 */
export const REDACTION_PROFILES = ['none', 'external', 'claimant'] as const;
export type RedactionProfile = (typeof REDACTION_PROFILES)[number];

export const shortAddress = (a: string) => (a.length > 12 ? `${a.slice(0, 6)}...${a.slice(-4)}` : a);

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Obj = { [k: string]: Json };

const isObj = (v: Json | undefined): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v));

/**
 * Replaces every full address in every string of `v` (case-insensitive). One alternation of
 * all addresses (longest first, so an address that contains another is replaced whole), built
 * once: one pass over each string, however many addresses the bundle names.
 */
function shortenAll(v: Json, addresses: string[]): Json {
  if (!addresses.length) return v;
  const short = new Map(addresses.map((a) => [a.toLowerCase(), shortAddress(a)]));
  const re = new RegExp(addresses.map((a) => a.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'gi');
  const min = Math.min(...addresses.map((a) => a.length));
  const walk = (x: Json): Json => {
    if (typeof x === 'string') return x.length < min ? x : x.replace(re, (m) => short.get(m.toLowerCase()) ?? m);
    if (Array.isArray(x)) return x.map(walk);
    if (isObj(x)) return Object.fromEntries(Object.entries(x).map(([k, y]) => [k, walk(y)]));
    return x;
  };
  return walk(v);
}

/** Drops `admissibility_notes` from every source reference, wherever a `source_refs` list sits. */
function dropAdmissibilityNotes(v: Json): void {
  if (Array.isArray(v)) for (const x of v) dropAdmissibilityNotes(x);
  else if (isObj(v))
    for (const [k, x] of Object.entries(v)) {
      if (k === 'source_refs' && Array.isArray(x)) for (const r of x) if (isObj(r)) delete r.admissibility_notes;
      dropAdmissibilityNotes(x);
    }
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
  for (const h of Array.isArray(packet.holdings) ? packet.holdings : []) if (isObj(h)) add(h.wallet);
  if (isObj(b.destination_wallet_certificate)) add(b.destination_wallet_certificate.wallet_address);
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
  const certificate = isObj(b.destination_wallet_certificate) ? b.destination_wallet_certificate : null;
  if (packet) {
    delete packet.notes;
    if (isObj(packet.review_state)) delete packet.review_state.review_notes;
    // An issuer remediation's stage moves keep who and when; counsel's notes on them stay in.
    if (Array.isArray(packet.history)) for (const h of packet.history) if (isObj(h)) delete h.notes;
  }
  dropAdmissibilityNotes(b);
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
  const underReview = (list: Json[]) =>
    list.map((m) => (typeof m === 'string' && /OFAC|sanction/i.test(m) ? 'Sanctions matters are under review.' : m));
  if (readiness && Array.isArray(readiness.missing_items))
    readiness.missing_items = underReview(readiness.missing_items);
  if (packet && Array.isArray(packet.review_reasons)) packet.review_reasons = underReview(packet.review_reasons);
  if (certificate) {
    // The claimant sees that a screened, approved wallet receives the reissue, not whose it is.
    delete certificate.owner;
    delete certificate.custodian;
    delete certificate.signer_model;
    if (certificate.sanctions_screen_status === 'match') certificate.sanctions_screen_status = 'under review';
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
