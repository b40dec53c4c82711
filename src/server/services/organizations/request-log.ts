import { z } from 'zod';
import type { Prisma } from '@/generated/prisma/client';
import type { Ctx, Db } from '../../context';
import { assertOrgWide } from '../../auth/grant-rules';
import { listQuery, str } from '../../operations/schemas';
import { keysetPage, type PageArgs } from '../paging';

export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;
export const LOG_METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;

/** The Logs page's filters, validated like a REST list query (same paging, same errors). */
export const requestLogQuery = listQuery({
  status_class: z.enum(STATUS_CLASSES).optional(),
  method: z.enum(LOG_METHODS).optional(),
  path_prefix: str(200)
    .regex(/^\/v1(\/|$)/, "a path starting with '/v1'")
    .optional(),
  key_id: str(100).optional(),
});
export type RequestLogQuery = PageArgs & Omit<z.output<typeof requestLogQuery>, keyof PageArgs>;

/**
 * The organization's recent REST requests in the console's environment, newest first, with
 * the key that made each (name and prefix) and the audit event it wrote, if it wrote one.
 * Organization-wide like the key list: a matter-restricted user would otherwise see the paths
 * (and so the ids) of matters that are not theirs.
 */
export async function listRequestLog(ctx: Ctx, db: Db, q: RequestLogQuery) {
  assertOrgWide(ctx, "read the organization's request log");
  const cls = q.status_class ? Number(q.status_class[0]) * 100 : null;
  const where: Prisma.RequestLogWhereInput = {
    org_id: ctx.org.id,
    ...(cls ? { status: { gte: cls, lt: cls + 100 } } : {}),
    ...(q.method ? { method: q.method } : {}),
    ...(q.path_prefix ? { path: { startsWith: q.path_prefix } } : {}),
    ...(q.key_id ? { key_id: q.key_id } : {}),
  };
  // Walks the (org_id, env, id) index newest first; the filters are checked on its rows, which
  // are at most MD_REQUEST_LOG_PER_ORG per tenant.
  const page = await keysetPage(q, (a) => db.requestLog.findMany({ ...a, where: { ...where, ...a.where } }), {
    env: ctx.env,
  });
  const keyIds = [...new Set(page.data.flatMap((r) => (r.key_id ? [r.key_id] : [])))];
  const refs = [...new Set(page.data.flatMap((r) => (r.audit_ref ? [r.audit_ref] : [])))];
  const [keys, audits] = await Promise.all([
    keyIds.length
      ? db.apiKey.findMany({
          where: { id: { in: keyIds }, org_id: ctx.org.id },
          select: { id: true, name: true, prefix: true },
        })
      : [],
    refs.length
      ? db.auditEvent.findMany({
          where: { id: { in: refs }, org_id: ctx.org.id, env: ctx.env },
          select: { id: true, event_type: true, matter_id: true },
        })
      : [],
  ]);
  const keyById = new Map(keys.map((k) => [k.id, k]));
  const auditById = new Map(audits.map((e) => [e.id, e]));
  return {
    object: 'list' as const,
    has_more: page.has_more,
    data: page.data.map((r) => {
      const k = r.key_id ? keyById.get(r.key_id) : undefined;
      const a = r.audit_ref ? auditById.get(r.audit_ref) : undefined;
      return {
        request_id: r.id,
        method: r.method,
        path: r.path,
        operation: r.operation,
        status: r.status,
        duration_ms: r.duration_ms,
        created_at: r.created_at.toISOString(),
        key: k ? { key_id: k.id, name: k.name, prefix: k.prefix } : null,
        audit: a ? { event_id: a.id, event_type: a.event_type, matter_id: a.matter_id } : null,
      };
    }),
  };
}
