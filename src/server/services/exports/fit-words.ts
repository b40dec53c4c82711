/** Words shorter than this are left to pdfkit: breaking one costs at most a line's worth. */
const LONG_WORD = 24;
const LONG_WORDS = new RegExp(`[^ \\n]{${LONG_WORD},}`, 'g');
/** Width of one character by font, size and character (a few hundred entries at most). */
const charWidths = new Map<string, number>();

/** Width of one character at the document's current font and size, each measured once. */
export function charMeasure(doc: PDFKit.PDFDocument): (ch: string) => number {
  // `font.name` and `_fontSize` identify the current font; pdfkit exposes no public getter.
  const d = doc as unknown as { _font: { name: string }; _fontSize: number };
  const key = `${d._font.name}|${d._fontSize}|`;
  return (ch: string) => {
    let w = charWidths.get(key + ch);
    if (w === undefined) charWidths.set(key + ch, (w = doc.widthOfString(ch)));
    return w;
  };
}

/** Width of the widest space-separated word of `text` at the current font (linear in its length). */
export function widestWord(doc: PDFKit.PDFDocument, text: string): number {
  const widthOf = charMeasure(doc);
  let best = 0;
  let sum = 0;
  for (const ch of text) {
    if (ch === ' ' || ch === '\n') {
      best = Math.max(best, sum);
      sum = 0;
    } else sum += widthOf(ch);
  }
  return Math.max(best, sum);
}

/**
 * `text` (already pdfText) with every word wider than `width` cut into pieces that fit, one per
 * line, at the current font and size. pdfkit breaks such a word itself, but re-measures the
 * rest of it after every line: the cost grows with the square of its length (a 120,000-letter
 * token took 21 s). Here each character is measured once, so the cost is linear; the lines are
 * the ones pdfkit would draw. Single-character widths ignore kerning; the few pairs of the
 * standard fonts that widen do so by a fraction of a point, and a piece that ends up a hair too
 * wide is broken by pdfkit itself at the cost of one line.
 */
export function fitWords(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (text.length < LONG_WORD) return text;
  const widthOf = charMeasure(doc);
  return text.replace(LONG_WORDS, (word) => {
    const pieces: string[] = [];
    let start = 0;
    let sum = 0;
    for (let i = 0; i < word.length; i++) {
      const w = widthOf(word[i]);
      if (sum + w > width && i > start) {
        pieces.push(word.slice(start, i));
        start = i;
        sum = 0;
      }
      sum += w;
    }
    pieces.push(word.slice(start));
    return pieces.join('\n');
  });
}
