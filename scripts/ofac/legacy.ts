import { parseCsvRows } from '../../src/server/domain/judgments/csv';

/**
 * OFAC's legacy CSV files (no header row, `-0-` for an empty field, latin-1 or UTF-8, CRLF and
 * a trailing 0x1A byte): what each one holds, how it is checked, and the one normalized form
 * the shipped copies take (UTF-8, NFC, LF, no EOF byte, every text field quoted).
 */
export type PartName = 'sdn' | 'alt' | 'add' | 'cons_prim' | 'cons_alt' | 'cons_add';

export const PARTS: Record<PartName, { file: string; columns: number; primary: PartName | null; about: string }> = {
  sdn: { file: 'sdn.csv', columns: 12, primary: null, about: 'SDN list: primary names, type, programs' },
  alt: { file: 'alt.csv', columns: 5, primary: 'sdn', about: 'SDN aliases (a.k.a., f.k.a., n.k.a.)' },
  add: { file: 'add.csv', columns: 6, primary: 'sdn', about: 'SDN addresses' },
  cons_prim: { file: 'cons_prim.csv', columns: 12, primary: null, about: 'Consolidated (non-SDN) lists: names' },
  cons_alt: { file: 'cons_alt.csv', columns: 5, primary: 'cons_prim', about: 'Consolidated (non-SDN) aliases' },
  cons_add: { file: 'cons_add.csv', columns: 6, primary: 'cons_prim', about: 'Consolidated (non-SDN) addresses' },
};

/** The part a file name stands for (OFAC's names, any case). */
export function partOf(fileName: string): PartName | null {
  const base = fileName.toLowerCase();
  return (Object.keys(PARTS) as PartName[]).find((p) => PARTS[p].file === base) ?? null;
}

/** Bytes → text: UTF-8 when the bytes are valid UTF-8, else latin-1 (OFAC's older exports);
 *  NFC, LF line endings, without the 0x1A end-of-file byte. */
export function decodeOfacText(buf: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    text = Buffer.from(buf).toString('latin1');
  }
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/\x1a\s*$/, '')
    .normalize('NFC');
}

const EMPTY = '-0-';
export const cell = (v: string | undefined) => {
  const t = (v ?? '').trim();
  return t === EMPTY ? '' : t;
};

/** Rows of one legacy file, fields trimmed and `-0-` read as empty. */
export const readRows = (text: string) => parseCsvRows(text).map((r) => r.map(cell));

const ALT_TYPES = new Set(['aka', 'fka', 'nka']);
const SDN_TYPES = new Set(['', 'individual', 'vessel', 'aircraft']);

/** What is wrong with one part's rows (line numbers are 1-based); empty when it is sound. */
export function checkRows(part: PartName, rows: string[][]): string[] {
  const spec = PARTS[part];
  const errors: string[] = [];
  const say = (i: number, msg: string) => errors.length < 50 && errors.push(`${spec.file} row ${i + 1}: ${msg}`);
  if (!rows.length) errors.push(`${spec.file}: no rows`);
  const keys = new Set<string>();
  rows.forEach((r, i) => {
    if (r.length !== spec.columns) return say(i, `${r.length} columns, expected ${spec.columns}`);
    if (!/^\d+$/.test(r[0])) return say(i, `ent_num '${r[0]}' is not a number`);
    if (spec.primary === null) {
      if (keys.has(r[0])) say(i, `ent_num ${r[0]} appears twice`);
      keys.add(r[0]);
      if (!r[1]) say(i, 'no name');
      if (!SDN_TYPES.has(r[2].toLowerCase())) say(i, `type '${r[2]}' is not individual, vessel, aircraft or -0-`);
    } else {
      if (!/^\d+$/.test(r[1]))
        say(i, `${part === 'alt' || part === 'cons_alt' ? 'alt_num' : 'add_num'} '${r[1]}' is not a number`);
      if (spec.columns === 5) {
        if (!ALT_TYPES.has(r[2].toLowerCase())) say(i, `alt_type '${r[2]}' is not aka, fka or nka`);
        if (!r[3]) say(i, 'no alias name');
      }
    }
  });
  return errors;
}

/** ent_nums a companion file names that its primary list does not hold. */
export function orphans(rows: string[][], primary: ReadonlySet<string>): string[] {
  return [...new Set(rows.map((r) => r[0]).filter((ent) => !primary.has(ent)))];
}

/** The normalized file: numbers bare, text quoted (a quote doubled), empty as `-0-`, LF. */
export function writeRows(rows: string[][]): string {
  const field = (v: string) => (v === '' ? EMPTY : /^\d+$/.test(v) ? v : `"${v.replace(/"/g, '""')}"`);
  return rows.map((r) => r.map(field).join(',')).join('\n') + '\n';
}
