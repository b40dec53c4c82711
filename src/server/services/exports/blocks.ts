import type { Block } from './document';

/** A value as table-cell text: empty for null, JSON for objects. */
export const cellText = (v: unknown): string =>
  v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** The audit trail of an exported object as a table: every export renders it the same way. */
export function auditTrailTable(
  trail:
    { event_id?: unknown; event_type?: unknown; actor_id?: unknown; timestamp?: unknown; hash?: unknown }[] | undefined,
): Block {
  return {
    kind: 'table',
    columns: ['Event', 'Type', 'Actor', 'Time', 'Hash'],
    widths: [2.2, 1.8, 2, 2, 4],
    rows: (trail ?? []).map((e) => [
      cellText(e.event_id),
      cellText(e.event_type),
      cellText(e.actor_id),
      cellText(e.timestamp),
      cellText(e.hash),
    ]),
  };
}
