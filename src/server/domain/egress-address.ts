import { isIP } from 'node:net';

/**
 * Which addresses a webhook may connect to (SSRF defence, API-CONTRACT §10). Pure functions over
 * address text; the resolver that feeds them pins the checked address for the connection.
 *
 * Classes refused in production: loopback, private, link-local (which holds the cloud metadata
 * address 169.254.169.254), carrier-grade NAT, unspecified, multicast, reserved and
 * documentation ranges, and the same classes reached through IPv6 forms that embed an IPv4
 * address (IPv4-mapped ::ffff:a.b.c.d, IPv4-translated ::ffff:0:a.b.c.d, IPv4-compatible
 * ::a.b.c.d, NAT64 64:ff9b::/96 and the local-use NAT64 prefix 64:ff9b:1::/48, 6to4 2002::/16,
 * Teredo 2001::/32 with its obfuscated client address). That is the `public_only` policy, the
 * default everywhere. `local_allowed` (a sandbox endpoint when the deployment opts in with
 * MD_WEBHOOK_ALLOW_PRIVATE, for local development) may also reach loopback and private hosts,
 * but never link-local/metadata: in a multi-tenant deployment a tenant's webhook must not reach
 * the host's own ports or its network.
 */
export type AddressClass =
  'public' | 'loopback' | 'private' | 'link_local' | 'cgnat' | 'unspecified' | 'multicast' | 'reserved' | 'invalid';

export type EgressPolicy = 'public_only' | 'local_allowed';

const V4_RANGES: [string, number, AddressClass][] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'cgnat'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link_local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

function v4ToInt(ip: string): number {
  return ip.split('.').reduce((acc, p) => acc * 256 + Number(p), 0);
}

function classifyV4(ip: string): AddressClass {
  const n = v4ToInt(ip);
  for (const [base, bits, cls] of V4_RANGES) {
    const size = 2 ** (32 - bits);
    const start = v4ToInt(base);
    if (n >= start && n < start + size) return cls;
  }
  return 'public';
}

/** 16 bytes of an IPv6 address (accepts an embedded dotted IPv4 tail and a zone id). */
function v6Bytes(ip: string): number[] | null {
  let text = ip.split('%')[0].toLowerCase();
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const n = v4ToInt(tail[1]);
    text = text.slice(0, -tail[1].length) + `${((n >>> 16) & 0xffff).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const fill = halves.length === 2 ? 8 - head.length - rest.length : 0;
  const groups = [...head, ...Array(Math.max(0, fill)).fill('0'), ...rest];
  if (groups.length !== 8 || !groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 0xff]);
}

const v4Of = (b: number[], at: number) => `${b[at]}.${b[at + 1]}.${b[at + 2]}.${b[at + 3]}`;
const zero = (b: number[], from: number, to: number) => b.slice(from, to).every((x) => x === 0);

function classifyV6(ip: string): AddressClass {
  const b = v6Bytes(ip);
  if (!b) return 'invalid';
  if (zero(b, 0, 16)) return 'unspecified';
  if (zero(b, 0, 15) && b[15] === 1) return 'loopback';
  // Forms that carry an IPv4 address: judge the IPv4 address.
  if (zero(b, 0, 10) && b[10] === 0xff && b[11] === 0xff) return classifyV4(v4Of(b, 12)); // ::ffff:a.b.c.d
  if (zero(b, 0, 8) && b[8] === 0xff && b[9] === 0xff && zero(b, 10, 12)) return classifyV4(v4Of(b, 12)); // ::ffff:0:a.b.c.d (IPv4-translated, SIIT)
  if (zero(b, 0, 12)) return classifyV4(v4Of(b, 12)); // ::a.b.c.d (deprecated compatible form)
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && b[4] === 0x00 && b[5] === 0x01)
    return localNat64(b);
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x00 && b[3] === 0x00) return teredo(b);
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zero(b, 4, 12))
    return classifyV4(v4Of(b, 12)); // NAT64
  if (b[0] === 0x20 && b[1] === 0x02) return classifyV4(v4Of(b, 2)); // 6to4
  if ((b[0] & 0xfe) === 0xfc) return 'private'; // fc00::/7 unique local (incl. fd00:ec2::254)
  if (b[0] === 0xfe && (b[1] & 0xc0) === 0x80) return 'link_local'; // fe80::/10
  if (b[0] === 0xfe && (b[1] & 0xc0) === 0xc0) return 'private'; // fec0::/10 deprecated site-local
  if (b[0] === 0xff) return 'multicast';
  if (b[0] === 0x01 && zero(b, 1, 8)) return 'reserved'; // 100::/64 discard
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x0d && b[3] === 0xb8) return 'reserved'; // documentation
  return 'public';
}

/** Most severe first; 'unspecified' readings are the zero padding of another layout. */
const SEVERITY: AddressClass[] = ['link_local', 'loopback', 'private', 'cgnat', 'multicast', 'reserved'];
const worst = (classes: AddressClass[], otherwise: AddressClass): AddressClass =>
  SEVERITY.find((c) => classes.includes(c)) ?? otherwise;

/**
 * 64:ff9b:1::/48 (RFC 8215) is a local-use NAT64 prefix: the operator picks a prefix length of
 * 48 to 96 bits, and RFC 6052 puts the IPv4 address at a different place for each (skipping the
 * "u" byte 8). Every possible reading is judged; a translator on a local network is never a
 * public destination, so the prefix itself counts as reserved.
 */
function localNat64(b: number[]): AddressClass {
  const layouts = [
    [6, 7, 9, 10],
    [7, 9, 10, 11],
    [9, 10, 11, 12],
    [12, 13, 14, 15],
  ];
  return worst(
    layouts.map((at) => classifyV4(at.map((i) => b[i]).join('.'))),
    'reserved',
  );
}

/**
 * Teredo (RFC 4380): 2001:0::/32, the server's IPv4 address in bytes 4–7 and the client's,
 * with every bit inverted, in bytes 12–15. A tunnel endpoint is not a webhook host, so the
 * prefix is reserved; a decoded private or metadata address is reported as such.
 */
function teredo(b: number[]): AddressClass {
  const server = v4Of(b, 4);
  const client = b
    .slice(12, 16)
    .map((x) => x ^ 0xff)
    .join('.');
  return worst([classifyV4(client), classifyV4(server)], 'reserved');
}

/** The class of an IP address given as text (brackets of a URL host are accepted). */
export function classifyAddress(address: string): AddressClass {
  const ip = address.replace(/^\[|\]$/g, '');
  const family = isIP(ip.split('%')[0]);
  if (family === 4) return classifyV4(ip);
  if (family === 6) return classifyV6(ip);
  return 'invalid';
}

/** Classes `local_allowed` may reach (local development): everything but link-local/metadata. */
const LOCAL_ALLOWED: AddressClass[] = ['public', 'loopback', 'private', 'cgnat', 'unspecified', 'reserved'];

/** Would `local_allowed` (the opt-in for private targets) accept this class? */
export const isLocalClass = (cls: AddressClass) => LOCAL_ALLOWED.includes(cls);

/** Null when `address` may be connected to under `policy`; otherwise the refused class. */
export function refusedClass(address: string, policy: EgressPolicy): AddressClass | null {
  const cls = classifyAddress(address);
  if (cls === 'public') return null;
  if (policy === 'local_allowed' && LOCAL_ALLOWED.includes(cls)) return null;
  return cls;
}
