/**
 * A small RFC 4180 CSV reader (quoted fields, doubled quotes, CRLF) for the shipped reference
 * data. Returns the rows as arrays of fields (blank lines skipped), header row included.
 */
export function parseCsvRows(text: string): string[][] {
  // Scans from one special character to the next with a native regex search and slices the
  // text between them (character-by-character concatenation took seconds on the 4 MB SDN file).
  // Same reading as RFC 4180 plus leniency: a quote inside an unquoted field opens a quoted
  // part, and text after a closing quote is kept.
  const special = /[",\r\n]/g;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  const n = text.length;
  while (i < n) {
    special.lastIndex = i;
    const m = special.exec(text);
    const at = m ? m.index : n;
    field += text.slice(i, at);
    if (!m) {
      i = n;
      break;
    }
    const ch = m[0];
    if (ch === '"') {
      let j = at + 1;
      for (;;) {
        const q = text.indexOf('"', j);
        if (q < 0) {
          field += text.slice(j);
          j = n;
          break;
        }
        field += text.slice(j, q);
        if (text[q + 1] === '"') {
          field += '"';
          j = q + 2;
        } else {
          j = q + 1;
          break;
        }
      }
      i = j;
    } else if (ch === ',') {
      row.push(field);
      field = '';
      i = at + 1;
    } else {
      i = ch === '\r' && text[at + 1] === '\n' ? at + 2 : at + 1;
      row.push(field);
      field = '';
      if (row.length > 1 || row[0] !== '') rows.push(row);
      row = [];
    }
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Reads a CSV with a header row: one object per row keyed by the header. */
export function parseCsv(text: string): Record<string, string>[] {
  const [header, ...body] = parseCsvRows(text);
  if (!header) return [];
  return body.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}
