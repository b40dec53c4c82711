import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import type { Env } from '../../context';
import { config } from '../../config';
import { invalidParam } from '../../errors';
import { isLocalClass, refusedClass, type AddressClass, type EgressPolicy } from '../../domain/egress-address';

/**
 * Egress checks of webhook URLs: at creation/update (here) and again at every delivery (the
 * pinned lookup below), because DNS can change between the two.
 */
export const policyOf = (env: Env | string): EgressPolicy =>
  env === 'sandbox' && config.webhookAllowPrivate ? 'local_allowed' : 'public_only';

const DNS_TIMEOUT_MS = 5_000;

export type Resolver = (host: string) => Promise<LookupAddress[]>;

/** The system resolver (what the connection would use), every address, with a deadline. */
export const systemResolver: Resolver = (host) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`DNS lookup of ${host} timed out`)), DNS_TIMEOUT_MS);
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => {
      clearTimeout(timer);
      if (err) reject(err);
      else resolve(addresses);
    });
  });

export class EgressRefused extends Error {
  override name = 'EgressRefused';
  constructor(
    message: string,
    /** The refused address class (null: the host does not resolve at all). */
    readonly cls: AddressClass | null = null,
  ) {
    super(message);
  }
}

/**
 * Resolves `host` and checks every address it resolves to (one bad address refuses the host:
 * a client may pick any of them). Returns the checked addresses, which the caller must connect
 * to — never resolve again.
 */
export async function resolveChecked(
  host: string,
  policy: EgressPolicy,
  resolver: Resolver = systemResolver,
): Promise<LookupAddress[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  const literal = isIP(bare.split('%')[0]);
  const addresses = literal ? [{ address: bare, family: literal }] : await resolver(bare);
  if (!addresses.length) throw new EgressRefused(`${host} does not resolve`);
  for (const a of addresses) {
    const cls = refusedClass(a.address, policy);
    // The class, never the address: the message must not be a view of the host's own DNS.
    if (cls)
      throw new EgressRefused(
        `${host} resolves to a ${cls.replace('_', '-')} address, which webhooks may not reach`,
        cls,
      );
  }
  return addresses;
}

/**
 * A `lookup` for http(s).request that resolves, checks and hands exactly the checked addresses
 * to the socket, so the address connected to is the address checked (no time-of-check to
 * time-of-use gap). Supports both callback shapes (`all` is used by autoSelectFamily).
 */
export function pinnedLookup(policy: EgressPolicy, resolver: Resolver = systemResolver) {
  return (host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    resolveChecked(host, policy, resolver).then(
      (addrs) => (options?.all ? callback(null, addrs) : callback(null, addrs[0].address, addrs[0].family)),
      (err) => callback(err),
    );
  };
}

/** A webhook URL as the API accepts it: parsed, scheme per environment, no credentials. */
export function parseWebhookUrl(raw: string, env: Env): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidParam('url', 'url must be an absolute http(s) URL.');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && env === 'sandbox')) {
    throw invalidParam(
      'url',
      env === 'sandbox'
        ? 'url must use https (or http in the sandbox).'
        : 'Production webhook endpoints must use https.',
    );
  }
  if (url.username || url.password) throw invalidParam('url', 'url must not contain credentials.');
  if (!url.hostname) throw invalidParam('url', 'url must name a host.');
  return url;
}

/**
 * Checks a URL before it is stored: its host may resolve only to public addresses. A sandbox
 * endpoint may also reach loopback and private hosts when the deployment opts in
 * (MD_WEBHOOK_ALLOW_PRIVATE, for local development), link-local and metadata addresses never.
 * In production the host must resolve; in the sandbox a name that does not resolve yet is
 * accepted (it is checked again at delivery).
 */
export async function checkWebhookUrl(raw: string, env: Env, resolver: Resolver = systemResolver): Promise<string> {
  const url = parseWebhookUrl(raw, env);
  const policy = policyOf(env);
  try {
    await resolveChecked(url.hostname, policy, resolver);
  } catch (e) {
    if (e instanceof EgressRefused)
      throw invalidParam(
        'url',
        // Say why a local-development URL is refused here when another deployment takes it.
        env === 'sandbox' && policy === 'public_only' && e.cls && isLocalClass(e.cls)
          ? `${e.message} (this deployment does not allow private webhook targets)`
          : e.message,
      );
    if (env === 'production') throw invalidParam('url', `The host ${url.hostname} could not be resolved.`);
  }
  return url.toString();
}
