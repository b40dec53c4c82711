/**
 * Query inputs and display helpers shared by the webhook pages (server prefetch) and their
 * client components (read): both must build the very same input, or the prefetched data would
 * sit under another cache key.
 */
import type { Tone } from '../ui';

/** Endpoints per page of the list (an environment usually has a handful). */
export const ENDPOINT_PAGE = 25;
/** Delivery attempts per page of an endpoint's recent deliveries. */
export const DELIVERY_PAGE = 20;

/** A keyset cursor of a newest-first list: continue after the last row, or before the first. */
export type Cursor = { starting_after: string } | { ending_before: string } | null;

export const endpointsInput = (cursor: Cursor = null) => ({ limit: ENDPOINT_PAGE, ...(cursor ?? {}) });
export const deliveriesInput = (endpointId: string, cursor: Cursor = null) => ({
  webhook_endpoint_id: endpointId,
  limit: DELIVERY_PAGE,
  ...(cursor ?? {}),
});

const TONES: Record<string, Tone> = {
  enabled: 'green',
  disabled: 'slate',
  pending: 'blue',
  succeeded: 'green',
  failed: 'red',
  cancelled: 'slate',
};
export const webhookTone = (status: string): Tone => TONES[status] ?? 'slate';

/** Why the service disabled an endpoint by itself (API-CONTRACT §10). */
export const DISABLED_REASONS: Record<string, string> = {
  gone: 'Disabled by the service: the endpoint answered 410 Gone.',
  failing: 'Disabled by the service: every attempt failed for 5 days.',
};

/** ISO timestamp → "2026-06-11 14:03:07 UTC": retries are seconds apart, so seconds matter here. */
export function formatSeconds(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** Newer/older cursors of a page (keyset paging reads newest first). */
export function pageCursors<T>(rows: T[], idOf: (row: T) => string, cursor: Cursor, hasMore: boolean) {
  const backwards = !!cursor && 'ending_before' in cursor;
  return {
    older: rows.length && (backwards || hasMore) ? { starting_after: idOf(rows[rows.length - 1]) } : null,
    newer: rows.length && (backwards ? hasMore : !!cursor) ? { ending_before: idOf(rows[0]) } : null,
  };
}
