/** Environment configuration, read once. Every knob the README documents is here. */
const int = (v: string | undefined, d: number) => {
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : d;
};

export const API_VERSION = '2026-06-11';
export const SUPPORTED_VERSIONS = [API_VERSION] as const;

export const config = {
  get rateLimitPerMin() {
    return int(process.env.MD_RATE_LIMIT_PER_MIN, 600);
  },
  get idempotencyTtlHours() {
    return int(process.env.MD_IDEMPOTENCY_TTL_HOURS, 24);
  },
  maxBodyBytes: 1024 * 1024,
  maxArrayItems: 1000,
  maxStringLength: 10_000,
  get publicUrl() {
    return process.env.MD_PUBLIC_URL?.replace(/\/$/, '') || null;
  },
  /**
   * MD_WEBHOOK_ALLOW_PRIVATE=1: sandbox webhooks may target loopback and private hosts (local
   * development, single-tenant). Off by default: a tenant must not reach the host's network.
   */
  get webhookAllowPrivate() {
    return ['1', 'true', 'yes'].includes((process.env.MD_WEBHOOK_ALLOW_PRIVATE ?? '').toLowerCase());
  },
  serviceVersion: process.env.npm_package_version ?? '0.1.0',
};
