/**
 * JSON.parse turns every number into a double, so `12345678901234567.89` silently becomes
 * `12345678901234568`. This scans the raw text for number tokens (outside strings) and reports
 * the first one whose value the double does not keep exactly, with its path (`a.b[0]`), so the
 * body can be refused instead of stored altered. Decimals that need more digits go as strings.
 */
export function inexactNumberPath(text: string): string | null {
  type Frame = { kind: 'obj'; key: string | null } | { kind: 'arr'; index: number };
  const stack: Frame[] = [];
  let i = 0;
  let lastString: string | null = null;
  const path = () => stack.map((f, n) => (f.kind === 'arr' ? `[${f.index}]` : (n ? '.' : '') + (f.key ?? ''))).join('');
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      lastString = text.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (c === '{') stack.push({ kind: 'obj', key: null });
    else if (c === '[') stack.push({ kind: 'arr', index: 0 });
    else if (c === '}' || c === ']') stack.pop();
    else if (c === ':') {
      const top = stack[stack.length - 1];
      if (top?.kind === 'obj' && lastString !== null) top.key = JSON.parse(lastString) as string;
    } else if (c === ',') {
      const top = stack[stack.length - 1];
      if (top?.kind === 'arr') top.index++;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      const m = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
      if (m) {
        if (!exact(m[0])) return path();
        i += m[0].length;
        continue;
      }
    }
    i++;
  }
  return null;
}

/** Sign, significant digits and exponent of a decimal literal, with no leading/trailing zeros. */
function canonical(literal: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(literal);
  if (!m) return literal;
  const digits = (m[2] + (m[3] ?? '')).replace(/^0+/, '');
  if (!digits) return '0';
  let exp = Number(m[4] ?? 0) - (m[3]?.length ?? 0);
  const trimmed = digits.replace(/0+$/, '');
  exp += digits.length - trimmed.length;
  return `${m[1]}${trimmed}e${exp}`;
}

function exact(literal: string): boolean {
  const n = Number(literal);
  if (!Number.isFinite(n)) return false;
  const back = canonical(String(n).replace(/^(-?)(\d+(?:\.\d+)?)e\+?/, '$1$2e'));
  return canonical(literal) === back || (Number(literal) === 0 && canonical(literal) === '0');
}
