/**
 * OFAC's advanced sanctions XML (sdn_advanced.xml, the same publication as the legacy CSVs) read
 * into the legacy files' rows, so the shipped data keeps one format whichever file OFAC gave:
 *   sdn.csv  ent_num = the profile's FixedRef, name = its primary Latin name as OFAC writes it
 *            there ("SURNAME, Given names" for a person, other names upper-case), type, programs; weak (low-quality) a.k.a.s go to Remarks as
 *            "a.k.a. 'X'" exactly where OFAC's own sdn.csv carries them; title, vessel and other
 *            remarks are left empty (screening does not read them).
 *   alt.csv  every other Latin-script alias that is not weak: a.k.a., f.k.a., n.k.a. (alt_num = the
 *            XML's DocumentedName ID, not OFAC's legacy alt_num, which the XML does not carry).
 *   add.csv  the profile's Location features (address lines, city/state/postal code, country;
 *            add_num = the XML's Feature ID).
 * Names in other scripts (Cyrillic, Arabic, Chinese …) are not in the legacy files and are skipped.
 * A plain text scan, not a general XML parser: OFAC's export is regular and machine-written.
 */
export interface LegacyRows {
  date: string | null;
  sdn: string[][];
  alt: string[][];
  add: string[][];
}

const LATIN = '215';
const LAST = '1520';
const PATRONYMIC = '91708';
const MATRONYMIC = '91709';
/** Given names in OFAC's order: first, middle, then the rest (a Russian patronymic, a nickname). */
const GIVEN_ORDER: Record<string, number> = { '1521': 0, '1522': 1 };
const ALIAS_TYPES: Record<string, string> = { '1400': 'aka', '1401': 'fka', '1402': 'nka' };
const SUBTYPES: Record<string, string> = { '1': 'vessel', '2': 'aircraft', '4': 'individual' };
const LOCATION_FEATURE = '25';
const ADDRESS_PARTS = ['1451', '1452', '1453'];
const CITY_PARTS = ['1454', '1455', '1456'];

const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1] ?? '';
const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&amp;/g, '&');

/** Each `<tag …>…</tag>` block of `text` (non-nested tags only), with its opening tag. */
function* blocks(text: string, tag: string, from = 0, to = text.length) {
  const open = `<${tag} `;
  const close = `</${tag}>`;
  let i = text.indexOf(open, from);
  while (i >= 0 && i < to) {
    const headEnd = text.indexOf('>', i);
    const head = text.slice(i, headEnd + 1);
    if (head.endsWith('/>')) {
      yield { head, body: '' };
      i = text.indexOf(open, headEnd);
      continue;
    }
    const end = text.indexOf(close, headEnd);
    if (end < 0) throw new Error(`sdn_advanced.xml: unclosed <${tag}> at offset ${i}`);
    yield { head, body: text.slice(headEnd + 1, end) };
    i = text.indexOf(open, end);
  }
}

const section = (text: string, tag: string) => {
  const a = text.indexOf(`<${tag}>`);
  const b = text.indexOf(`</${tag}>`, a);
  return a < 0 || b < 0 ? null : ([a, b] as const);
};

function values(text: string, tag: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of text.matchAll(new RegExp(`<${tag} ID="(\\d+)"[^>]*>([^<]*)</${tag}>`, 'g')))
    out.set(m[1], unescape(m[2]));
  return out;
}

/** The Latin name of one alias, in OFAC's legacy form; null when it has no Latin spelling. */
function aliasName(body: string, partTypes: Map<string, string>, person: boolean): string | null {
  for (const dn of blocks(body, 'DocumentedName')) {
    const parts = [...dn.body.matchAll(/<NamePartValue ([^>]*)>([^<]*)<\/NamePartValue>/g)].map((m) => ({
      type: partTypes.get(attr(m[1], 'NamePartGroupID')) ?? '',
      script: attr(m[1], 'ScriptID'),
      // The legacy CSVs write a double quote inside a name as a single one.
      value: unescape(m[2]).trim().replace(/"/g, "'"),
    }));
    if (!parts.length || parts.some((p) => p.script !== LATIN)) continue;
    // OFAC's legacy files upper-case a person's surname and every other name in full.
    if (!person) return parts.map((p) => p.value.toUpperCase()).join(' ');
    // The surname: the last name (and a matronymic); without one, the patronymic then the
    // matronymic (Spanish names). With a last name a patronymic is a given name (Russian names).
    const hasLast = parts.some((p) => p.type === LAST);
    const surname = hasLast ? [LAST, MATRONYMIC] : [PATRONYMIC, MATRONYMIC];
    const last = surname.flatMap((t) => parts.filter((p) => p.type === t)).map((p) => p.value.toUpperCase());
    const rest = parts
      .filter((p) => !surname.includes(p.type))
      .map((p, i) => ({ p, k: GIVEN_ORDER[p.type] ?? 2, i }))
      .sort((a, b) => a.k - b.k || a.i - b.i)
      .map(({ p }) => p.value);
    return last.length && rest.length ? `${last.join(' ')}, ${rest.join(' ')}` : [...last, ...rest].join(' ');
  }
  return null;
}

export function advancedXmlToLegacy(text: string): LegacyRows {
  if (!/<Sanctions\b[^>]*ADVANCED_XML|<Sanctions\b[^>]*sdn_advanced/.test(text.slice(0, 2000)))
    throw new Error('not an OFAC advanced sanctions XML (no <Sanctions … ADVANCED_XML> root)');
  const d = /<DateOfIssue[^>]*>\s*<Year>(\d{4})<\/Year>\s*<Month>(\d{1,2})<\/Month>\s*<Day>(\d{1,2})<\/Day>/.exec(
    text.slice(0, 5000),
  );
  const date = d ? `${d[1]}-${d[2].padStart(2, '0')}-${d[3].padStart(2, '0')}` : null;
  const refs = section(text, 'ReferenceValueSets');
  const countries = values(refs ? text.slice(...refs) : '', 'Country');

  // Programs: the SanctionsMeasure comments of type Program, per profile.
  const programs = new Map<string, string[]>();
  const entries = section(text, 'SanctionsEntries');
  if (entries) {
    for (const e of blocks(text, 'SanctionsEntry', ...entries)) {
      const list = programs.get(attr(e.head, 'ProfileID')) ?? [];
      for (const m of blocks(e.body, 'SanctionsMeasure'))
        if (attr(m.head, 'SanctionsTypeID') === '1') {
          const c = /<Comment>([^<]*)<\/Comment>/.exec(m.body)?.[1];
          if (c && !list.includes(unescape(c))) list.push(unescape(c));
        }
      programs.set(attr(e.head, 'ProfileID'), list);
    }
  }

  // Addresses: Location id → [address, city/state/postal, country].
  const locations = new Map<string, [string, string, string]>();
  const locs = section(text, 'Locations');
  if (locs) {
    for (const l of blocks(text, 'Location', ...locs)) {
      const part = (ids: string[]) =>
        ids
          .flatMap((id) =>
            [
              ...l.body.matchAll(
                new RegExp(`<LocationPart LocPartTypeID="${id}">[\\s\\S]*?<Value>([^<]*)</Value>`, 'g'),
              ),
            ].map((m) => unescape(m[1]).trim()),
          )
          .filter(Boolean);
      const country = countries.get(/<LocationCountry CountryID="(\d+)"/.exec(l.body)?.[1] ?? '') ?? '';
      locations.set(attr(l.head, 'ID'), [part(ADDRESS_PARTS).join(', '), part(CITY_PARTS).join(' '), country]);
    }
  }

  const out: LegacyRows = { date, sdn: [], alt: [], add: [] };
  const parties = section(text, 'DistinctParties');
  if (!parties) throw new Error('sdn_advanced.xml has no <DistinctParties>');
  for (const p of blocks(text, 'DistinctParty', ...parties)) {
    const ent = attr(p.head, 'FixedRef');
    const profile = /<Profile ID="\d+" PartySubTypeID="(\d+)"/.exec(p.body);
    const type = SUBTYPES[profile?.[1] ?? ''] ?? '';
    const person = type === 'individual';
    const partTypes = new Map<string, string>();
    for (const m of p.body.matchAll(/<NamePartGroup ID="(\d+)" NamePartTypeID="(\d+)"/g)) partTypes.set(m[1], m[2]);
    let name: string | null = null;
    const weak: string[] = [];
    for (const identity of blocks(p.body, 'Identity')) {
      for (const a of blocks(identity.body, 'Alias')) {
        const n = aliasName(a.body, partTypes, person);
        if (!n) continue;
        if (attr(a.head, 'Primary') === 'true') {
          if (attr(identity.head, 'Primary') === 'true') name ??= n;
          continue;
        }
        const kind = ALIAS_TYPES[attr(a.head, 'AliasTypeID')] ?? 'aka';
        if (attr(a.head, 'LowQuality') === 'true') weak.push(`${kind[0]}.k.a. '${n}'`);
        else out.alt.push([ent, /<DocumentedName ID="(\d+)"/.exec(a.body)?.[1] ?? '', kind, n, '']);
      }
    }
    if (!name) throw new Error(`sdn_advanced.xml: profile ${ent} has no primary Latin name`);
    const remarks = weak.length ? `${weak.join('; ')}.` : '';
    out.sdn.push([ent, name, type, (programs.get(ent) ?? []).join('] ['), '', '', '', '', '', '', '', remarks]);
    for (const f of blocks(p.body, 'Feature'))
      if (attr(f.head, 'FeatureTypeID') === LOCATION_FEATURE) {
        const loc = locations.get(/<VersionLocation LocationID="(\d+)"/.exec(f.body)?.[1] ?? '');
        if (loc) out.add.push([ent, attr(f.head, 'ID'), ...loc, '']);
      }
  }
  return out;
}
