import { isIP } from 'node:net';

/**
 * Finds unredacted network identifiers in free text (API-CONTRACT §17: a network signal keeps
 * only redacted values). A tokenizer, not a single pattern, because the same address has many
 * notations and a sentence puts punctuation around it:
 *  - IPv4: dotted quads whose parts are decimal, octal (`0313`) or hex (`0xcb`), also with
 *    trailing punctuation (`…203.0.113.77.`); a 32-bit integer (`3405803853`, `0xcb00714d`)
 *    where the text labels it as an address (`ip=`, `client_ip:`, `host`, `http://`).
 *    Accepted: a masked octet (`203.0.113.x`, `203.0.*.*`), a network of /24 or shorter
 *    (`203.0.113.0/24`), and a product version such as `Chrome/120.0.0.0`.
 *  - IPv6: full, compressed, bracketed, with a zone (`fe80::1%eth0`), with an embedded IPv4,
 *    or inside a label (`ip:2001:db8::7334`); also a partial one that still shows more than
 *    its /64 network (five or more groups). Accepted: `2001:db8:…`, `2001:db8:85a3::/48`.
 *  - MAC addresses (six hex pairs): a device identifier like an address.
 *  - Emails, also written `name(at)example.com`, `name [at] example [dot] com` or with `%40`:
 *    refused unless the local part is masked (see `maskedLocalPart`).
 */
export type FindingKind = 'ipv4' | 'ipv4_integer' | 'ipv6' | 'ipv6_long_prefix' | 'mac' | 'email';

export interface Finding {
  kind: FindingKind;
}

const IPV4_PART = '(?:0x[0-9a-f]{1,2}|[0-9]{1,4})';
const DOTTED = new RegExp(`(?<![0-9])${IPV4_PART}(?:\\.${IPV4_PART}){3}(?![0-9])`, 'gi');
const INTEGER = /(?<![\w.])(0x[0-9a-f]{7,8}|[0-9]{8,10})(?![\w.])/gi;
/** Text right before an integer that makes it an address: a label (`ip=`, `remote addr:`) or a URL host. */
const IP_LABEL =
  /(?:\b(?:ip(?:v4)?|inet|addr(?:ess)?|host(?:name)?|(?:ip|client|remote|source|src|dst|dest|peer|login|user|origin)[_\s-]?(?:ip|addr(?:ess)?))\b[\s:=#"'([-]*|\/\/)$/i;
const COLON_RUN = /[0-9a-f.:]*:[0-9a-f.:]*(?:%[0-9a-z._~-]+)?/gi;
const MAC_DASHED = /(?<![0-9a-f-])[0-9a-f]{2}(?:-[0-9a-f]{2}){5}(?![0-9a-f-])/i;
const EMAIL = /([^\s@<>(),;:"'[\]{}]+)@([^\s@<>(),;:"'[\]{}]*[a-z0-9*•…#x-]\.[a-z*•…#]{2,})/gi;

/** Every match of a global pattern, overlapping ones too (a miss at one start may hide a hit at the next). */
function* scan(re: RegExp, text: string) {
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    yield m;
    re.lastIndex = m.index + 1;
  }
}

/** A dotted-quad part's value (decimal, `0`-prefixed octal or `0x` hex), as inet_aton reads it. */
function partValue(p: string): number {
  if (/^0x/i.test(p)) return parseInt(p.slice(2), 16);
  if (/^0[0-7]+$/.test(p)) return Math.min(parseInt(p, 8), Number(p));
  return Number(p);
}

function dottedIpv4(text: string): boolean {
  for (const m of scan(DOTTED, text)) {
    const parts = m[0].split('.');
    if (!parts.every((p) => partValue(p) <= 255)) continue;
    const before = text.slice(Math.max(0, m.index - 40), m.index);
    // `Chrome/120.0.0.0`: a product token's version, not an address (a URL's host or path still counts).
    if (/(?:^|[\s(;,])[a-z][a-z0-9_-]*\/$/i.test(before)) continue;
    const cidr = /^\/(\d{1,2})(?!\d)/.exec(text.slice(m.index + m[0].length));
    if (cidr && parts.every((p) => /^\d+$/.test(p))) {
      const bits = Number(cidr[1]);
      const host = parts.reduce((n, p) => n * 256 + Number(p), 0) % 2 ** (32 - Math.min(bits, 32));
      if (bits <= 24 && host === 0) continue; // a network of /24 or shorter, no host shown
    }
    return true;
  }
  return false;
}

function integerIpv4(text: string): boolean {
  for (const m of scan(INTEGER, text)) {
    const v = /^0x/i.test(m[1]) ? parseInt(m[1].slice(2), 16) : Number(m[1]);
    if (v < 2 ** 24 || v > 2 ** 32 - 1) continue;
    if (IP_LABEL.test(text.slice(Math.max(0, m.index - 40), m.index))) return true;
  }
  return false;
}

/** A 128-bit value of a valid IPv6 text (zone stripped), for the /prefix host-bits check. */
function ipv6Value(a: string): bigint {
  let text = a;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const n = v4.slice(1).map(Number);
    text = `${text.slice(0, v4.index)}${((n[0] << 8) | n[1]).toString(16)}:${((n[2] << 8) | n[3]).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = tail === null ? h : [...h, ...Array(8 - h.length - t.length).fill('0'), ...t];
  return groups.reduce((n, g) => (n << 16n) | BigInt(parseInt(g || '0', 16)), 0n);
}

function colonRuns(text: string): FindingKind | null {
  // Maximal runs, each once: the spans inside one are tried below, at most ten parts long.
  for (const m of text.matchAll(COLON_RUN)) {
    // Trim what a label or a sentence glued on: `ip:` before, a full stop or colon after.
    const run = m[0]
      .replace(/%.*$/, '')
      .replace(/\.+$/, '')
      .replace(/(?<!:):$/, '')
      .replace(/^:(?!:)/, '');
    const parts = run.split(':');
    if (parts.length === 6 && parts.every((p) => /^[0-9a-f]{2}$/i.test(p))) return 'mac';
    const after = text.slice(m.index + m[0].length);
    const cidr = /^\/(\d{1,3})(?!\d)/.exec(after);
    if (isIP(run) === 6) {
      const bits = cidr ? Number(cidr[1]) : 128;
      if (bits <= 64 && ipv6Value(run) % (1n << BigInt(128 - bits)) === 0n) continue; // a network, no host
      return 'ipv6';
    }
    // A label glued on (`ip:2001:…`) or a port after (`…:7334:443`): try the spans between colons.
    for (let i = 0; i < parts.length; i++) {
      for (let j = i + 3; j <= Math.min(parts.length, i + 10); j++) {
        if (isIP(parts.slice(i, j).join(':')) === 6) return 'ipv6';
      }
    }
    // A partial address that still shows five or more groups reveals more than its /64 network.
    const groups = run.split(/:+/).filter((g) => /^[0-9a-f]{1,4}$/i.test(g));
    if (!run.includes('::') && groups.length >= 5 && groups.length === run.split(':').length) return 'ipv6_long_prefix';
  }
  return MAC_DASHED.test(text) ? 'mac' : null;
}

const MASK_RUN = /\*+|•+|●+|#+|…+|█+|■+|\[redacted\]|<redacted>|\(redacted\)|\.{3,}/gi;

/**
 * Is an email's local part masked? Mask characters (`*`, `•`, `#`, `…`, `█`, `[redacted]`, or
 * a run of three or more `x`) must hide it: at most three letters or digits may stay clear.
 * `j***`, `j***.d**`, `jxxxx`, `xx` and `[redacted]` are masked; `maxxine.doe` (a letter pair
 * in a name), `john.d***` (a name left clear) are not.
 */
export function maskedLocalPart(local: string): boolean {
  if (/^x{2,}$/i.test(local)) return true;
  let masks = 0;
  const rest = local.replace(MASK_RUN, () => (masks++, ' ')).replace(/x{3,}/gi, () => (masks++, ' '));
  if (!masks) return false;
  return (rest.match(/[\p{L}\p{N}]/gu) ?? []).length <= 3;
}

/** Undoes the usual email obfuscations: `(at)`, `[at]`, `{at}`, `%40`, `(dot)`, `[dot]`. */
const deobfuscate = (text: string) =>
  text
    .replace(/%40/gi, '@')
    .replace(/\s*[([{<]\s*at\s*[)\]}>]\s*/gi, '@')
    .replace(/\s*[([{<]\s*dot\s*[)\]}>]\s*/gi, '.');

function email(text: string): boolean {
  for (const m of deobfuscate(text).matchAll(EMAIL)) {
    const local = m[1].replace(/^[^\p{L}\p{N}*•●#…█■[<(]+/u, '');
    if (local && !maskedLocalPart(local)) return true;
  }
  return false;
}

/** The first unredacted identifier in `value`, or null. Full-width forms are folded first (NFKC). */
export function findUnredacted(value: string): Finding | null {
  const text = value.normalize('NFKC');
  if (dottedIpv4(text)) return { kind: 'ipv4' };
  if (integerIpv4(text)) return { kind: 'ipv4_integer' };
  const colon = colonRuns(text);
  if (colon) return { kind: colon };
  if (email(text)) return { kind: 'email' };
  return null;
}

const ADVICE: Record<FindingKind, string> = {
  ipv4: 'contains a full IPv4 address; mask at least its last octet (e.g. 203.0.113.x)',
  ipv4_integer: 'contains an IPv4 address written as an integer; mask it (e.g. 203.0.113.x)',
  ipv6: 'contains a full IPv6 address; truncate it to its network (e.g. 2001:db8:… or 2001:db8::/32)',
  ipv6_long_prefix: 'shows more than the /64 network of an IPv6 address; keep at most four groups (e.g. 2001:db8:…)',
  mac: 'contains a full MAC address; mask it (e.g. 00:1a:2b:xx:xx:xx)',
  email: 'contains a full email address; mask its local part (e.g. j***@example.com)',
};

/** Why a value is not redacted (a sentence ending without a period), or null when it is. */
export function redactionProblem(value: string): string | null {
  const f = findUnredacted(value);
  return f ? ADVICE[f.kind] : null;
}
