/**
 * The webhook event catalog (API-CONTRACT §10). Endpoints may subscribe to any type listed here
 * (or `*`), including types whose module has not landed yet, so an integrator can subscribe
 * before the first such event exists. Modules add their types here as they land.
 *
 * Organization and user events are webhook events too (an integrator syncing its users needs
 * them); their payloads carry no credentials. API key events are audit-only: they never reach
 * the outbox, so no key material can leak into a webhook.
 */
export const EVENT_TYPES = [
  'matter.created',
  'matter.updated',
  'matter.closed',
  'authority.granted',
  'authority.revoked',
  'claimant.created',
  'claimant.updated',
  'judgment.created',
  'judgment.updated',
  'judgment.validated',
  'judgment.enforcement_profile_set',
  'enforcement_plan.created',
  'packet.created',
  'packet.updated',
  'packet.exported',
  'action.created',
  'action.updated',
  'action.assigned',
  'action.completed',
  'relationship.created',
  'relationship.updated',
  'contact_log.created',
  'alert.created',
  'alert.triaged',
  'sanctions.screened',
  'sanctions.match_found',
  'sanctions_review.created',
  'sanctions_review.decided',
  'ofac_report.created',
  'ofac_report.updated',
  'issuer_remediation.created',
  'issuer_remediation.updated',
  'issuer_remediation.exported',
  'report.created',
  'report.exported',
  'ledger_entry.created',
  'asset_map.created',
  'attribution_claim.created',
  'attribution_graph.created',
  'organization.created',
  'organization.updated',
  'user.invited',
  'user.updated',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const ALL_EVENTS = '*';

export const isEventType = (t: string): t is EventType => (EVENT_TYPES as readonly string[]).includes(t);

/** A type filter of GET /v1/events: an exact catalog type, or `<family>.*` for a family. */
export function isEventTypeFilter(t: string): boolean {
  if (isEventType(t)) return true;
  const m = /^([a-z_]+)\.\*$/.exec(t);
  return !!m && EVENT_TYPES.some((x) => x.startsWith(`${m[1]}.`));
}

/** The catalog types a type filter selects. */
export const typesMatching = (filter: string): string[] =>
  filter.endsWith('.*') ? EVENT_TYPES.filter((x) => x.startsWith(filter.slice(0, -1))) : [filter];

/** The first entry of `enabled_events` that is neither `*` nor a catalog type, if any. */
export const unknownEnabledEvent = (enabled: readonly string[]) =>
  enabled.find((t) => t !== ALL_EVENTS && !isEventType(t));

/** Does an endpoint with this filter receive events of this type? (`*` means every event) */
export const subscribes = (enabled: readonly string[], type: string) =>
  enabled.includes(ALL_EVENTS) || enabled.includes(type);

/** Normalized filter: duplicates dropped; `*` alone when it is present (it covers the rest). */
export function normalizeEnabledEvents(enabled: readonly string[] | undefined): string[] {
  if (!enabled || enabled.includes(ALL_EVENTS)) return [ALL_EVENTS];
  return [...new Set(enabled)];
}
