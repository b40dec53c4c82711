/** The standard fonts encode WinAnsi only: map common punctuation, replace the rest. */
export function pdfText(s: string): string {
  return s
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/[^\n\x20-\x7E\xA0-\xFF]/g, '?');
}
