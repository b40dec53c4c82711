import { z } from 'zod';
import catalog from './catalog.json' with { type: 'json' };

/**
 * The operation registry. Method, path, scope, gate, idem and success status come from
 * catalog.json (a copy of the published operations.json), never typed twice; each module adds
 * its zod schemas. Routes, OpenAPI and the operations test all read this registry.
 */
export type CatalogRow = (typeof catalog)[number];
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface Operation<
  Q extends z.ZodType | null = z.ZodType | null,
  B extends z.ZodType | null = z.ZodType | null,
> extends CatalogRow {
  method: Method;
  name: string;
  summary: string;
  pathParams: string[];
  query: Q;
  body: B;
  response: z.ZodType;
  /** Sandbox-only operations are invisible (404 route_not_found) to production keys. */
  sandboxOnly: boolean;
  /**
   * Every write honours `Idempotency-Key`, those the catalog marks `idem` and the webhook
   * endpoint's PATCH and DELETE alike: a key reused with another body is 422, never applied.
   */
  takesIdempotencyKey: boolean;
}

type Out<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;
export type Input<O extends Operation> = {
  params: Record<string, string>;
  query: Out<O['query']>;
  body: Out<O['body']>;
};

export function defineOp<Q extends z.ZodType | null = null, B extends z.ZodType | null = null>(
  method: Method,
  path: string,
  def: { name: string; summary: string; query?: Q; body?: B; response: z.ZodType; sandboxOnly?: boolean },
): Operation<Q, B> {
  const row = catalog.find((r) => r.method === method && r.path === path);
  if (!row) throw new Error(`${method} ${path} is not in operations.json`);
  return {
    ...row,
    method,
    name: def.name,
    summary: def.summary,
    pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]),
    query: (def.query ?? null) as never,
    body: (def.body ?? null) as never,
    response: withAuditRef(def.response),
    sandboxOnly: def.sandboxOnly ?? false,
    takesIdempotencyKey: method !== 'GET',
  };
}

/**
 * The wrapper adds `audit_ref` to every success body, so every response schema declares it:
 * required at the top level. An object schema that lacks it gets it here, so no module has to
 * remember; one that declares it optional (objects that also appear inside lists) keeps that.
 */
function withAuditRef(s: z.ZodType): z.ZodType {
  if (!(s instanceof z.ZodObject) || 'audit_ref' in s.shape) return s;
  const meta = z.globalRegistry.get(s);
  const out = s.extend({
    audit_ref: z.string().describe('The audit event this request wrote (`eve_…`), or the request id of a read.'),
  });
  if (!meta) return out;
  z.globalRegistry.remove(s);
  return out.meta(meta);
}
