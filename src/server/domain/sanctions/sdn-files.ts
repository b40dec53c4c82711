import { parseCsvRows } from '../judgments/csv';
import type { SdnAlias, SdnEntry } from './sdn-list';

/**
 * OFAC's alias file (alt.csv: ent_num, alt_num, alt_type, alt_name, alt_remarks; no header) and
 * how its aliases join the entries of sdn.csv. OFAC puts its strong aliases in alt.csv and its
 * weak ones ("low quality" a.k.a.s, which OFAC says are not to be relied on alone) as
 * "a.k.a. 'X'" in sdn.csv's Remarks, which parseSdnCsv reads into `aliases`.
 */
export interface AltRow {
  uid: string;
  type: SdnAlias['type'];
  name: string;
}

const field = (v: string | undefined) => {
  const t = (v ?? '').trim();
  return t === '-0-' ? '' : t;
};
const TYPES = new Set(['aka', 'fka', 'nka']);

export function parseAltCsv(text: string): AltRow[] {
  const out: AltRow[] = [];
  for (const r of parseCsvRows(text)) {
    const uid = field(r[0]);
    const type = field(r[2]).toLowerCase();
    const name = field(r[3]);
    if (/^\d+$/.test(uid) && name && TYPES.has(type)) out.push({ uid, type: type as AltRow['type'], name });
  }
  return out;
}

/**
 * The entries with every alias: alt.csv's (strong) first, then the Remarks ones (weak), each
 * once (case-insensitive; a Remarks alias that alt.csv also lists, or that is the primary name,
 * counts as strong). `aliases` keeps the names the index screens; `alt` says what each one is.
 */
export function withAliases(entries: SdnEntry[], alt: AltRow[]): SdnEntry[] {
  const byUid = new Map<string, AltRow[]>();
  for (const a of alt) {
    const list = byUid.get(a.uid);
    if (list) list.push(a);
    else byUid.set(a.uid, [a]);
  }
  return entries.map((e) => {
    const seen = new Set([e.name.toUpperCase()]);
    const all: SdnAlias[] = [];
    const add = (name: string, type: SdnAlias['type'], weak: boolean) => {
      if (seen.has(name.toUpperCase())) return;
      seen.add(name.toUpperCase());
      all.push({ name, type, weak });
    };
    for (const a of byUid.get(e.uid) ?? []) add(a.name, a.type, false);
    for (const name of e.aliases) add(name, 'aka', true);
    return { ...e, aliases: all.map((a) => a.name), alt: all };
  });
}
