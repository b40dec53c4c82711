import type { Block, RenderDoc } from './document';
import { formatDate, humanize, publicText } from './present';

/** How much of a free-form value a PDF shows; the JSON export always holds all of it. */
export const FREE_FORM_LINES = 40;
export const FREE_FORM_VALUE_CHARS = 1_000;
const FREE_FORM_KEY_CHARS = 200;

const clip = (s: string, max: number, what: string) =>
  s.length > max ? `${s.slice(0, max)}... [${s.length - max} more ${what}; see the JSON export]` : s;

/**
 * A free-form value (operator economics, a caller's object) as readable text: one
 * `key: value` line per leaf (nested keys joined by '.', list items by index), at most
 * FREE_FORM_LINES lines of at most FREE_FORM_VALUE_CHARS characters, and a closing note of
 * what was left out. Raw JSON would be one unbreakable token: unreadable, and a page layout
 * whose cost grows with its square.
 */
export function freeFormText(v: unknown): string {
  const lines: string[] = [];
  let more = 0;
  const leaf = (path: string, text: string) => {
    if (lines.length >= FREE_FORM_LINES) more++;
    else
      lines.push(
        `${clip(path, FREE_FORM_KEY_CHARS, 'characters')}: ${clip(text, FREE_FORM_VALUE_CHARS, 'characters')}`,
      );
  };
  const walk = (x: unknown, path: string) => {
    if (x !== null && typeof x === 'object' && typeof (x as { toJSON?: unknown }).toJSON === 'function')
      return walk((x as { toJSON(): unknown }).toJSON(), path);
    if (x === null || typeof x !== 'object') return leaf(path || 'value', x === null ? 'none' : String(x));
    const entries: [string, unknown][] = Array.isArray(x) ? x.map((y, i) => [String(i), y]) : Object.entries(x);
    if (!entries.length) return leaf(path || 'value', Array.isArray(x) ? '(empty list)' : '(empty)');
    for (const [k, y] of entries) walk(y, path ? `${path}.${k}` : k);
  };
  walk(v, '');
  if (more) lines.push(`... and ${more} more ${more === 1 ? 'entry' : 'entries'}; see the JSON export.`);
  return lines.join('\n');
}

/** A value as table-cell text: empty for null, bounded key/value lines for objects. */
export const cellText = (v: unknown): string =>
  v === null || v === undefined ? '' : typeof v === 'object' ? freeFormText(v) : String(v);

/** Who acted, for a reader outside the operator: the kind of actor, not its id. */
export const actorKind = (id: unknown) => {
  const v = cellText(id);
  if (v.startsWith('key_')) return 'API key';
  if (v.startsWith('usr_')) return 'User';
  return v ? 'System' : '';
};

/**
 * The audit trail of an exported object as a table: every export renders it the same way.
 * Internal readers (`none`) see event and actor ids; others the event, the kind of actor, the
 * time and the chained hash (which is what proves the trail).
 */
export function auditTrailTable(
  trail:
    { event_id?: unknown; event_type?: unknown; actor_id?: unknown; timestamp?: unknown; hash?: unknown }[] | undefined,
  profile = 'none',
): Block {
  if (profile !== 'none')
    return {
      kind: 'table',
      columns: ['Event', 'Actor', 'Time', 'Hash'],
      widths: [2.4, 1.2, 2.8, 4.5],
      rows: (trail ?? []).map((e) => [
        humanize(cellText(e.event_type).replace(/\./g, ' ')),
        actorKind(e.actor_id),
        formatDate(e.timestamp),
        cellText(e.hash),
      ]),
    };
  // The event's id and its type share a cell, one above the other: as five columns the row was
  // wider than the page at 8 pt (two 28-letter ids of about 140 pt each, types up to 150 pt,
  // a date of 82), so an id of wide letters was cut across two lines.
  return {
    kind: 'table',
    columns: ['Event', 'Actor', 'Time', 'Hash'],
    widths: [3, 2, 2, 4],
    rows: (trail ?? []).map((e) => [
      `${cellText(e.event_id)}\n${cellText(e.event_type)}`,
      cellText(e.actor_id),
      formatDate(e.timestamp),
      cellText(e.hash),
    ]),
  };
}

/**
 * The document with every string passed through `publicText` under `profile`: outside the
 * `none` profile no internal id or repository path reaches the PDF, whichever field (a reason,
 * a note, a title) carried it.
 */
export function publicDocument(d: RenderDoc, profile: string): RenderDoc {
  if (profile === 'none') return d;
  const t = (x: string) => publicText(x, profile);
  const block = (b: Block): Block => {
    switch (b.kind) {
      case 'text':
        return { ...b, text: t(b.text) };
      case 'lines':
        return { ...b, lines: b.lines.map(t) };
      case 'fields':
        return { ...b, rows: b.rows.map(([k, v]) => [t(k), t(v)] as [string, string]) };
      case 'table':
        return { ...b, columns: b.columns.map(t), rows: b.rows.map((r) => r.map(t)) };
      case 'chart':
        return { ...b, title: t(b.title), x: b.x.map(t), series: b.series.map((x) => ({ ...x, label: t(x.label) })) };
    }
  };
  return {
    ...d,
    title: t(d.title),
    subtitle: t(d.subtitle),
    cover: d.cover.map(([k, v]) => [t(k), t(v)] as [string, string]),
    sections: d.sections.map((x) => ({ ...x, title: t(x.title), blocks: x.blocks.map(block) })),
  };
}
