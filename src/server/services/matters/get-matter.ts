import type { Matter } from '@/generated/prisma/client';
import type { Ctx, Db } from '../../context';
import { notFound } from '../../errors';
import { isId } from '../../ids';
import { canSeeMatter } from './access';
import { hotRead } from '../../db/hot-read';
import type { GrantLike } from './authority-status';

/**
 * A visible matter with the authority grants its status derives from, in one round trip
 * (the hot read `GET /v1/matters/{id}`). Same 404 rules as `loadMatter`.
 */
export async function loadMatterWithGrants(
  ctx: Ctx,
  db: Db,
  id: string,
): Promise<{ matter: Matter; grants: GrantLike[]; screened: boolean }> {
  const [row] =
    isId('matter', id) && canSeeMatter(ctx, id)
      ? await hotRead<
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
        FROM matters m WHERE m.id = $1 AND m.org_id = $2 AND m.env = $3`,
          [id, ctx.org.id, ctx.env],
        )
      : [];
  if (!row) throw notFound('matter', id);
  const { grants, screened, ...matter } = row;
  return {
    matter,
    // Whether any sanctions screen of the matter found a match (cleared or not).
    screened,
    grants: grants.map((g) => ({
      status: g.status,
      effective_at: new Date(g.effective_at),
      expires_at: g.expires_at ? new Date(g.expires_at) : null,
    })),
  };
}
