import type { Ctx, Db } from '../../context';

/** How an endpoint's deliveries are going, for the console (REST shows status and disabled_reason). */
export interface EndpointHealth {
  /** Start of the current run of failed attempts; null after any success. */
  failing_since: string | null;
  /** The latest failed attempt: when, its HTTP status (null when there was no response) and error. */
  last_failure: { attempted_at: string | null; response_status: number | null; error: string | null } | null;
}

/**
 * The health of these endpoints of the caller's organization and environment. An endpoint can
 * be `enabled` while every attempt fails (it is disabled only after days of failures), so the
 * console shows the failing run and the last error next to the status.
 */
export async function endpointHealth(ctx: Ctx, db: Db, ids: string[]): Promise<Record<string, EndpointHealth>> {
  if (!ids.length) return {};
  const endpoints = await db.webhookEndpoint.findMany({
    where: { id: { in: ids }, org_id: ctx.org.id, env: ctx.env },
    select: { id: true, failing_since: true },
  });
  const out: Record<string, EndpointHealth> = {};
  await Promise.all(
    endpoints.map(async (e) => {
      const last = await db.webhookDelivery.findFirst({
        where: { endpoint_id: e.id, org_id: ctx.org.id, env: ctx.env, status: 'failed' },
        orderBy: { id: 'desc' },
        select: { attempted_at: true, response_status: true, error: true },
      });
      out[e.id] = {
        failing_since: e.failing_since?.toISOString() ?? null,
        last_failure: last
          ? {
              attempted_at: last.attempted_at?.toISOString() ?? null,
              response_status: last.response_status,
              error: last.error,
            }
          : null,
      };
    }),
  );
  return out;
}
