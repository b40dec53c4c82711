import type { Matter } from '@/generated/prisma/client';
import type { Ctx, Db } from '../../context';
import { notFound } from '../../errors';
import { isId } from '../../ids';
import { canSeeMatter } from './access';
import { hotRead } from '../../db/hot-read';
import { isRootClient } from '../../db/client';
import { cachedMatter, matterCacheGeneration, storeMatter, type MatterRead } from './matter-cache';

/**
 * A visible matter with the authority grants its status derives from (the hot read
 * `GET /v1/matters/{id}`): from this process's matter cache (matter-cache.ts), else in one
 * round trip. Same 404 rules as `loadMatter`. Inside a transaction it always reads the
 * database, which may hold the transaction's own changes.
 */
export async function loadMatterWithGrants(ctx: Ctx, db: Db, id: string): Promise<MatterRead> {
  if (!isId('matter', id) || !canSeeMatter(ctx, id)) throw notFound('matter', id);
  const cacheable = isRootClient(db);
  const hit = cacheable ? cachedMatter(id) : null;
  const read = hit ?? (await readMatter(db, id, cacheable));
  // Another tenant's or environment's matter is the same 404 as one that does not exist.
  if (!read || read.matter.org_id !== ctx.org.id || read.matter.env !== ctx.env) throw notFound('matter', id);
  return read;
}

async function readMatter(db: Db, id: string, cacheable: boolean): Promise<MatterRead | null> {
  const generation = matterCacheGeneration();
  const [row] = await hotRead<
    Matter & {
      grants: { status: string; effective_at: string; expires_at: string | null }[];
      screened: boolean;
    }
  >(
    db,
    `
        SELECT m.*, COALESCE((
          SELECT json_agg(json_build_object('status', g.status, 'effective_at', g.effective_at, 'expires_at', g.expires_at))
          FROM authority_grants g WHERE g.matter_id = m.id), '[]'::json) AS grants,
          EXISTS (SELECT 1 FROM sanctions_screens s WHERE s.matter_id = m.id AND s.status <> 'clear') AS screened
        FROM matters m WHERE m.id = $1`,
    [id],
  );
  if (!row) return null;
  const { grants, screened, ...matter } = row;
  const read: MatterRead = {
    matter,
    // Whether any sanctions screen of the matter found a match (cleared or not).
    screened,
    grants: grants.map((g) => ({
      status: g.status,
      effective_at: new Date(g.effective_at),
      expires_at: g.expires_at ? new Date(g.expires_at) : null,
    })),
  };
  if (cacheable) storeMatter(id, read, generation);
  return read;
}
