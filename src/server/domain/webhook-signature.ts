import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures (API-CONTRACT §10). One secret, two schemes, so receivers can use either
 * Stripe's verifier or any Standard Webhooks library:
 * - `MD-Signature: t=<unix>,v1=<hex HMAC-SHA256(key = the whole secret string, "<t>.<body>")>`
 * - `webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256(
 *    key = base64-decoded part after "whsec_", "<id>.<t>.<body>")>`
 */
export const SECRET_PREFIX = 'whsec_';

/** `whsec_` + base64 of 32 random bytes. */
export const newSigningSecret = () => SECRET_PREFIX + randomBytes(32).toString('base64');

export function stripeSignature(secret: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

export function standardSignature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/**
 * Every signature header of one attempt. A retry calls this again: same `webhook-id` (the event
 * id, which receivers use to deduplicate), fresh timestamp and signatures.
 */
export function signatureHeaders(
  secret: string,
  eventId: string,
  timestamp: number,
  body: string,
): Record<string, string> {
  return {
    'MD-Signature': stripeSignature(secret, timestamp, body),
    'webhook-id': eventId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': standardSignature(secret, eventId, timestamp, body),
  };
}

/** Reference verifier of MD-Signature (documentation and tests); tolerance in seconds. */
export function verifyStripeSignature(
  secret: string,
  header: string,
  body: string,
  now: number,
  tolerance = 300,
): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(now - t) > tolerance || !parts.v1) return false;
  const expected = Buffer.from(stripeSignature(secret, t, body).split('v1=')[1], 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
