/**
 * Contradicting claims (API-CONTRACT §17), grouped by contested object. Two `owns`/`controls`
 * claims on the same object by different subjects contradict each other, unless one subject is
 * a custodian (an exchange) and the other is not: an exchange holds the keys of a deposit
 * address while its customer is the beneficial owner, so "Binance controls 0xD" and "Debtor
 * controls 0xD" are both true (custody and beneficial control coexist). Instead of listing
 * every such pair (N claims on one address are N²/2 pairs), each contested object is one group
 * that names its claims. Built in one pass over the claims, with maps; the report is bounded.
 */
export interface StatementLike {
  claim_id: string;
  subject: string;
  predicate: string;
  object: string;
}

/** How much of the contradictions a graph lists: groups, and claims and subjects per group. */
export const CONTRADICTION_LIMITS = { groups: 50, members: 20 } as const;

const EXCLUSIVE = new Set(['owns', 'controls']);
const norm = (s: string) => s.trim().toLowerCase();

/**
 * Whether `subject` names a custodian, one of `exchanges` (the label data's exchange slugs,
 * e.g. binance, gate-io): the slug's words lead the subject's ("Binance", "Binance Holdings
 * Ltd", "Gate.io").
 */
export function isCustodianName(subject: string, exchanges: ReadonlySet<string>): boolean {
  const words = norm(subject)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  for (let n = 1; n <= Math.min(3, words.length); n++) {
    if (exchanges.has(words.slice(0, n).join('-')) || exchanges.has(words.slice(0, n).join(''))) return true;
  }
  return false;
}

/** Why claim `b` does not contradict claim `a` (null when it does). */
export function contradictionProblem(
  a: Omit<StatementLike, 'claim_id'>,
  b: Omit<StatementLike, 'claim_id'>,
  isCustodian: (subject: string) => boolean,
): string | null {
  if (!EXCLUSIVE.has(a.predicate) || !EXCLUSIVE.has(b.predicate))
    return 'only owns/controls claims contradict each other (other predicates can all be true at once)';
  if (norm(a.object) !== norm(b.object)) return 'it is about another object';
  if (norm(a.subject) === norm(b.subject)) return 'it names the same subject';
  if (isCustodian(a.subject) !== isCustodian(b.subject))
    return 'custody (an exchange holds the address) and beneficial control coexist';
  return null;
}

/** One contested object and every exclusive claim on it (internal: unbounded). */
export interface ContestedObject {
  object: string;
  predicates: Set<string>;
  /** Claim ids per subject (normalized), in claim order; subjects in first-seen order. */
  bySubject: Map<string, { subject: string; claim_ids: string[] }>;
  claim_count: number;
}

export interface ContradictionIndex {
  /** Contested objects only (two or more distinct subjects). */
  groups: ContestedObject[];
  /** Each contradicted claim: its group and how many claims of that group contradict it. */
  ofClaim(claimId: string): { group: ContestedObject; count: number } | null;
}

/**
 * Groups the exclusive claims by object, custodians apart from the others (they do not
 * contradict each other); O(N) over the claims.
 */
export function indexContradictions(
  claims: readonly StatementLike[],
  isCustodian: (subject: string) => boolean = () => false,
): ContradictionIndex {
  const byObject = new Map<string, ContestedObject>();
  const groupOf = new Map<string, { group: ContestedObject; subject: string }>();
  const custodian = new Map<string, boolean>();
  for (const c of claims) {
    if (!EXCLUSIVE.has(c.predicate)) continue;
    const s0 = norm(c.subject);
    let cust = custodian.get(s0);
    if (cust === undefined) custodian.set(s0, (cust = isCustodian(c.subject)));
    const key = `${norm(c.object)}\u0000${cust ? 'custody' : 'beneficial'}`;
    let g = byObject.get(key);
    if (!g)
      byObject.set(key, (g = { object: c.object.trim(), predicates: new Set(), bySubject: new Map(), claim_count: 0 }));
    const s = norm(c.subject);
    let entry = g.bySubject.get(s);
    if (!entry) g.bySubject.set(s, (entry = { subject: c.subject.trim(), claim_ids: [] }));
    entry.claim_ids.push(c.claim_id);
    g.predicates.add(c.predicate);
    g.claim_count++;
    groupOf.set(c.claim_id, { group: g, subject: s });
  }
  const groups = [...byObject.values()].filter((g) => g.bySubject.size > 1);
  return {
    groups,
    ofClaim(id) {
      const at = groupOf.get(id);
      if (!at || at.group.bySubject.size < 2) return null;
      return { group: at.group, count: at.group.claim_count - at.group.bySubject.get(at.subject)!.claim_ids.length };
    },
  };
}

/** Up to `max` ids of claims of `group` by other subjects than `subject` (O(max)). */
export function contradictingIds(group: ContestedObject, subject: string, max: number): string[] {
  const out: string[] = [];
  const own = norm(subject);
  for (const [s, e] of group.bySubject) {
    if (s === own) continue;
    for (const id of e.claim_ids) {
      if (out.length >= max) return out;
      out.push(id);
    }
  }
  return out;
}

export interface ContradictionGroup {
  object: string;
  relation: string;
  subjects: string[];
  subject_count: number;
  claim_ids: string[];
  claim_count: number;
  /** Claims of the group not listed in `claim_ids` (the list is capped). */
  claims_left_out: number;
  reason: string;
}

export interface ContradictionReport {
  groups: ContradictionGroup[];
  summary: { groups: number; groups_left_out: number; claims: number };
}

/**
 * The bounded report: the most contested objects first (most claims, then object), at most
 * `limits.groups` groups, each naming at most `limits.members` subjects and claims, with counts
 * of what was left out.
 */
export function contradictionReport(
  index: ContradictionIndex,
  limits: { groups: number; members: number } = CONTRADICTION_LIMITS,
): ContradictionReport {
  const sorted = [...index.groups].sort((a, b) => b.claim_count - a.claim_count || a.object.localeCompare(b.object));
  const groups = sorted.slice(0, limits.groups).map((g): ContradictionGroup => {
    const subjects = [...g.bySubject.values()];
    const claim_ids: string[] = [];
    for (const s of subjects) {
      for (const id of s.claim_ids) {
        if (claim_ids.length >= limits.members) break;
        claim_ids.push(id);
      }
    }
    const relation = g.predicates.size === 1 ? [...g.predicates][0] : 'owns or controls';
    const named = subjects.slice(0, limits.members).map((s) => s.subject);
    const others = subjects.length - named.length;
    return {
      object: g.object,
      relation,
      subjects: named,
      subject_count: subjects.length,
      claim_ids,
      claim_count: g.claim_count,
      claims_left_out: g.claim_count - claim_ids.length,
      reason: `${subjects.length} different subjects are each said to ${relation === 'owns or controls' ? 'own or control' : relation.replace(/s$/, '')} ${g.object}: ${named.join(', ')}${others ? ` and ${others} more` : ''}`,
    };
  });
  return {
    groups,
    summary: {
      groups: sorted.length,
      groups_left_out: sorted.length - groups.length,
      claims: sorted.reduce((n, g) => n + g.claim_count, 0),
    },
  };
}
