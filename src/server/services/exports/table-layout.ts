/**
 * Column widths for a PDF table from its content: every column is at least as wide as its
 * widest word (so cells wrap at spaces and a word is broken only when it is longer than a
 * column may be), and the width left over is shared by the columns' weights. Pure: the caller
 * passes the measure, so a unit test can use a fixed-width one.
 */
/** The least share of the width a column of unbreakable-anyway words gets. */
const BREAKABLE_FLOOR = 0.15;

export interface TableLayoutInput {
  /** The page's text width. */
  full: number;
  /** Relative weights of the columns (their share of the spare width). */
  weights: number[];
  /** Per column: the width of its widest word (header included), padding included. */
  minWidths: number[];
  /** No column's minimum may take more than this share of the width (a 64-letter hash breaks). */
  maxShare?: number;
}

export function tableWidths({ full, weights, minWidths, maxShare = 0.45 }: TableLayoutInput): number[] {
  const n = weights.length;
  // A word wider than a column may be (a hash, an address) is broken whatever the width: its
  // column asks only for a floor, and the columns of ordinary words keep them whole.
  let mins = minWidths.map((m) => (m > full * maxShare ? full * BREAKABLE_FLOOR : m));
  const minSum = mins.reduce((s, m) => s + m, 0);
  // Still too many wide words for the page: the widest minimums give way first (down to a
  // common cap that makes them fit), so only the longest words are broken.
  if (minSum > full) {
    let lo = 0;
    let hi = Math.max(...mins);
    for (let k = 0; k < 40; k++) {
      const cap = (lo + hi) / 2;
      if (mins.reduce((s, m) => s + Math.min(m, cap), 0) > full) hi = cap;
      else lo = cap;
    }
    mins = mins.map((m) => Math.min(m, lo));
  }
  const widths = new Array<number>(n).fill(0);
  const fixed = new Set<number>();
  // Columns whose weighted share is below their minimum take the minimum; the rest share what
  // is left by weight. Each pass fixes at least one column or ends, so at most n passes.
  for (;;) {
    const free = [...Array(n).keys()].filter((i) => !fixed.has(i));
    const left = full - [...fixed].reduce((s, i) => s + mins[i], 0);
    const weight = free.reduce((s, i) => s + weights[i], 0) || 1;
    const short = free.filter((i) => (weights[i] / weight) * left < mins[i]);
    if (!short.length) {
      for (const i of free) widths[i] = (weights[i] / weight) * left;
      for (const i of fixed) widths[i] = mins[i];
      return widths;
    }
    for (const i of short) fixed.add(i);
  }
}
