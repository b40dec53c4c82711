import { BlockList, isIP } from 'node:net';
import { config } from '../config';

/**
 * Who is on the other end of the socket, and which forwarded headers to believe.
 *
 * Route handlers never see the socket, and Next passes a client's own `X-Forwarded-*` headers
 * through unchanged. So the server stamps the socket's peer address into PEER_HEADER when each
 * request starts (`stampPeerAddress`, from instrumentation), overwriting whatever a client sent
 * under that name. Forwarded headers are believed only when that peer is one of
 * `MD_TRUSTED_PROXIES` (comma-separated addresses or CIDR ranges, e.g. `127.0.0.1,10.0.0.0/8`).
 */
export const PEER_HEADER = 'x-md-peer-address';

type HeaderBag = { get(name: string): string | null };

let cached: { raw: string | undefined; list: BlockList } | null = null;
function trusted(): BlockList {
  const raw = process.env.MD_TRUSTED_PROXIES;
  if (cached && cached.raw === raw) return cached.list;
  const list = new BlockList();
  for (const part of (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [addr, bits] = part.split('/');
    const family = isIP(addr);
    if (!family) continue;
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits !== undefined && /^\d+$/.test(bits)) list.addSubnet(addr, Number(bits), type);
    else list.addAddress(addr, type);
  }
  cached = { raw, list };
  return list;
}

/** "::ffff:127.0.0.1" → "127.0.0.1" (how Node reports IPv4 peers on a dual-stack socket). */
const unmap = (a: string) => (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(a) ? a.slice(7) : a);

export function isTrustedProxy(address: string | null | undefined): boolean {
  // Without MD_TRUSTED_PROXIES (the default) nothing is trusted: answered before the address is
  // parsed and checked against an empty BlockList, which every API request paid for its
  // ctx.origin (about 1% of GET /v1/matters/{id}'s server CPU in a profile).
  if (!address || !process.env.MD_TRUSTED_PROXIES) return false;
  const a = unmap(address.trim());
  const family = isIP(a);
  return family !== 0 && trusted().check(a, family === 6 ? 'ipv6' : 'ipv4');
}

/** The socket peer of this request, as stamped by the server ("unknown" when not stamped). */
export function peerAddress(headers: HeaderBag): string {
  const p = headers.get(PEER_HEADER);
  return p ? unmap(p) : 'unknown';
}

/**
 * The client address (sign-in throttle key): the socket peer, or, when the peer is a trusted
 * proxy, the right-most X-Forwarded-For entry that is not itself a trusted proxy.
 */
export function clientAddress(headers: HeaderBag): string {
  const peer = peerAddress(headers);
  if (!isTrustedProxy(peer)) return peer.slice(0, 100);
  const hops = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) if (!isTrustedProxy(hops[i])) return unmap(hops[i]).slice(0, 100);
  return peer.slice(0, 100);
}

const HOST_RE = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * The origin links are built on (invite_url) when MD_PUBLIC_URL is unset: the request's Host
 * over http (`next start` serves plain http), or X-Forwarded-Proto/Host from a trusted proxy.
 */
export function requestOrigin(headers: HeaderBag, fallback: string): string {
  const first = (v: string | null) => v?.split(',')[0].trim() || null;
  if (isTrustedProxy(peerAddress(headers))) {
    const host = first(headers.get('x-forwarded-host')) ?? first(headers.get('host'));
    const proto = first(headers.get('x-forwarded-proto')) === 'https' ? 'https' : 'http';
    if (host && HOST_RE.test(host)) return `${proto}://${host}`;
  }
  const host = headers.get('host');
  if (host && HOST_RE.test(host)) return `http://${host}`;
  return fallback;
}

/**
 * The base of every link a response or an event payload carries (invite_url, content_uri,
 * download_url), for REST and the console alike: MD_PUBLIC_URL when set, else requestOrigin —
 * so a client's own X-Forwarded-Host never lands in a link unless a trusted proxy sent it.
 */
export function linkOrigin(headers: HeaderBag, fallback: string): string {
  return config.publicUrl ?? requestOrigin(headers, fallback);
}

/** Installs the stamp (once per process): every HTTP request carries its socket's peer address. */
export async function stampPeerAddress(): Promise<void> {
  const g = globalThis as { __mdPeerStamp?: boolean };
  if (g.__mdPeerStamp) return;
  g.__mdPeerStamp = true;
  const dc = await import('node:diagnostics_channel');
  dc.subscribe('http.server.request.start', (msg) => {
    const { request, socket } = msg as {
      request: { headers: Record<string, unknown> };
      socket: { remoteAddress?: string };
    };
    request.headers[PEER_HEADER] = socket.remoteAddress ?? 'unknown';
  });
}
