import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../context';
import { randomBase62 } from '../../ids';

/**
 * Signed download links (API-CONTRACT §14): `/v1/exports/{export_id}/download?expires=<unix s>&signature=<hex>`,
 * where signature = HMAC-SHA256(key, "<export_id>.<expires>"). Valid 15 minutes and usable
 * without an API key: the link itself is the credential, so it is short-lived and bound to one
 * export. The key is MD_DOWNLOAD_SIGNING_KEY, else one generated on first use and kept in
 * `settings` so every process signs and accepts the same links.
 */
export const LINK_TTL_S = 15 * 60;
const SETTING = 'download_signing_key';
let cached: Promise<string> | null = null;

function signingKey(db: Db): Promise<string> {
  const configured = process.env.MD_DOWNLOAD_SIGNING_KEY;
  if (configured) return Promise.resolve(configured);
  cached ??= (async () => {
    await db.$executeRaw`INSERT INTO settings (key, value) VALUES (${SETTING}, ${randomBase62(64)}) ON CONFLICT (key) DO NOTHING`;
    return (await db.setting.findUniqueOrThrow({ where: { key: SETTING } })).value;
  })().catch((e) => {
    cached = null;
    throw e;
  });
  return cached;
}

const mac = (key: string, exportId: string, expires: number) =>
  createHmac('sha256', key).update(`${exportId}.${expires}`).digest('hex');

/** A fresh link for an export, and when it stops working. */
export async function signDownload(db: Db, origin: string, exportId: string, now = Date.now()) {
  const expires = Math.floor(now / 1000) + LINK_TTL_S;
  const signature = mac(await signingKey(db), exportId, expires);
  const base = process.env.MD_PUBLIC_URL?.replace(/\/$/, '') || origin;
  return {
    url: `${base}/v1/exports/${exportId}/download?expires=${expires}&signature=${signature}`,
    expires_at: new Date(expires * 1000).toISOString(),
  };
}

/** Does this link check, and is it still valid? */
export async function verifyDownload(
  db: Db,
  exportId: string,
  expires: string | null,
  signature: string | null,
  now = Date.now(),
) {
  if (!expires || !signature || !/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature))
    return 'malformed' as const;
  const want = Buffer.from(mac(await signingKey(db), exportId, Number(expires)), 'hex');
  if (!timingSafeEqual(want, Buffer.from(signature, 'hex'))) return 'bad_signature' as const;
  if (Number(expires) * 1000 <= now) return 'expired' as const;
  return 'ok' as const;
}
