import type { z } from 'zod';
import type { PrismaClient } from '@/generated/prisma/client';
import type { Ctx, Db, Tx } from '../context';
import { ApiError } from '../errors';
import { newId } from '../ids';
import { log } from '../log';
import { ready } from '../db/ready';
import { requireScope } from '../auth/require-scope';
import { consolePrincipal, ENV_COOKIE, ENV_HEADER, readCookie, type ConsolePrincipal } from '../auth/console-session';
import { toApiError } from '../http/api';
import { linkOrigin } from '../http/client-address';
import { consumeRateLimit, rateHeaders } from '../http/rate-limit';
import { transaction } from '../db/transaction';
import { checkLimits, parseOrThrow } from '../http/validate';
import { enforceGate } from '../services/matters/gate';
import type { Input, Operation } from '../operations/define';
import { toTRPCError } from './errors';
import { t } from './init';
import { plain } from './plain';

/**
 * Every console procedure: refuses a missing session, loads the user as the principal (the same
 * org / environment / actor the REST wrapper derives from a key), refuses a page rendered for
 * the other environment, and checks the declared scope with the REST wrapper's function.
 */
export const consoleProcedure = t.procedure.use(async ({ ctx, meta, next }) => {
  const db = await ready().catch(() => {
    throw toTRPCError(new ApiError('service_unavailable', 'The service is temporarily unavailable.'));
  });
  if (!ctx.userId) throw toTRPCError(new ApiError('authentication_required', 'Sign in to use the console.'));
  let principal: ConsolePrincipal;
  try {
    principal = await consolePrincipal(
      db,
      ctx.userId,
      readCookie(ctx.headers.get('cookie'), ENV_COOKIE),
      ctx.sessionVersion,
    );
    const shown = ctx.headers.get(ENV_HEADER);
    if (shown && shown !== principal.env && !meta?.anyEnvironment) {
      throw new ApiError(
        'conflict',
        `This page shows ${shown} data but the console was switched to ${principal.env} (in another tab?). Reload the page.`,
      );
    }
    // The REST budget (MD_RATE_LIMIT_PER_MIN a minute, shared across processes), keyed by the
    // user: every procedure call spends a token, each call of a batch included.
    const rate = await consumeRateLimit(db, principal.actor.id, undefined, 'user');
    setHeaders(ctx.resHeaders, rateHeaders(rate));
    if (meta?.scope) requireScope(principal.actor, meta.scope);
  } catch (e) {
    const err = toApiError(e, newId('request'));
    setHeaders(ctx.resHeaders, err.extras.headers);
    throw toTRPCError(err);
  }
  return next({ ctx: { db, principal } });
});

/** Response headers of the HTTP call (absent for server-side callers). */
function setHeaders(res: Headers | null, headers: Record<string, string> | undefined) {
  for (const [k, v] of Object.entries(headers ?? {})) res?.set(k, v);
}

type AuthedCtx = { headers: Headers; db: PrismaClient; principal: ConsolePrincipal };

/**
 * Runs one console call like the REST wrapper runs a request: a fresh request id and service
 * ctx; a write in one transaction with the authority gate first (so its audit and outbox
 * events commit with it), then the dispatcher woken; any error mapped through the closed
 * table; one log line.
 */
export async function runConsoleCall<R>(
  call: AuthedCtx,
  name: string,
  write: { gate: Operation | null } | null,
  fn: (ctx: Ctx, db: Tx) => Promise<R>,
  gateInput?: { params: Record<string, string>; body: unknown },
) {
  const started = performance.now();
  const { org, env, actor } = call.principal;
  const ctx: Ctx = {
    org,
    env,
    actor,
    requestId: newId('request'),
    version: org.pinned_version,
    idempotencyKey: null,
    // The REST rule: forwarded headers count only from a trusted proxy (MD_TRUSTED_PROXIES).
    origin: linkOrigin(call.headers, 'http://127.0.0.1'),
    auditRef: null,
  };
  let status = 200;
  try {
    const result = write
      ? await transaction(call.db, async (tx) => {
          if (write.gate) await enforceGate(ctx, tx, write.gate, gateInput!);
          return fn(ctx, tx);
        })
      : await fn(ctx, call.db as unknown as Tx);
    return plain(result);
  } catch (e) {
    const err = toApiError(e, ctx.requestId);
    status = err.status;
    throw toTRPCError(err, ctx.requestId);
  } finally {
    log.info(
      {
        request_id: ctx.requestId,
        op: `console.${name}`,
        status,
        duration_ms: Math.round((performance.now() - started) * 10) / 10,
        org_id: org.id,
        env,
        actor_id: actor.id,
        audit_ref: ctx.auditRef ?? ctx.requestId,
      },
      'console request',
    );
  }
}

/** A tRPC input parser: zod types for the client, ApiError (the closed table) on bad input. */
export interface InputParser<In, Out> {
  parse(raw: unknown): Out;
  '~standard': {
    version: 1;
    vendor: string;
    validate(raw: unknown): { value: Out; issues?: undefined } | { issues: { message: string }[] };
    types?: { input: In; output: Out };
  };
}

function parser<In, Out>(parse: (raw: unknown) => Out): InputParser<In, Out> {
  return {
    parse,
    '~standard': {
      version: 1,
      vendor: 'md-console',
      validate(raw) {
        try {
          return { value: parse(raw) };
        } catch (e) {
          if (e instanceof ApiError) return { issues: [{ message: e.message }] };
          throw e;
        }
      },
    },
  };
}

/** Input of a procedure that mirrors no REST operation. */
export const zodInput = <S extends z.ZodType>(schema: S) =>
  parser<z.input<S>, z.output<S>>((raw) => {
    checkLimits(raw);
    return parseOrThrow(schema, raw ?? {}, 'body');
  });

// An operation has a query schema (reads) or a body schema (writes), never both.
type SchemaOf<O extends Operation> = O['query'] extends z.ZodType
  ? O['query']
  : O['body'] extends z.ZodType
    ? O['body']
    : null;
// An empty strict body (`{}`: revoke) adds nothing; its Record<string, never> would forbid the path params.
type BodyOf<S> = S extends z.ZodType ? (string extends keyof z.input<S> ? unknown : z.input<S>) : unknown;
type FlatInput<O extends Operation, P extends string> = { [K in P]: string } & BodyOf<SchemaOf<O>>;

/**
 * The input of a procedure mirroring a REST operation: one flat object of the path parameters
 * and the operation's own query or body schema, handed to the handler in the REST shape
 * `{ params, query, body }` so console and REST handlers read alike.
 */
export function opInput<O extends Operation, P extends string = never>(op: O, params: readonly P[] = []) {
  for (const p of params) if (!op.pathParams.includes(p)) throw new Error(`${op.name} has no path parameter '${p}'`);
  const isRead = op.method === 'GET' || op.method === 'DELETE';
  const schema = isRead ? op.query : op.body;
  return parser<FlatInput<O, P>, Input<O>>((raw) => {
    const given = raw ?? {};
    if (typeof given !== 'object' || Array.isArray(given))
      throw new ApiError('parameter_invalid', 'The input must be an object.');
    const rest: Record<string, unknown> = { ...given };
    const values: Record<string, string> = {};
    for (const p of params) {
      const v = rest[p];
      delete rest[p];
      if (typeof v !== 'string' || !v)
        throw new ApiError('parameter_missing', `Missing required param: ${p}.`, { param: p });
      if (v.length > 100) throw new ApiError('parameter_invalid', `Invalid ${p}.`, { param: p });
      values[p] = v;
    }
    checkLimits(rest);
    let parsed: unknown = {};
    if (schema) parsed = parseOrThrow(schema, rest, isRead ? 'query' : 'body');
    else if (Object.keys(rest).length) {
      const param = Object.keys(rest)[0];
      throw new ApiError('parameter_unknown', `Received unknown parameter: ${param}`, { param });
    }
    return { params: values, query: isRead ? parsed : {}, body: isRead ? {} : parsed } as Input<O>;
  });
}

/** A read mirroring `op`: same scope, same input schema, same service call as its REST route. */
export function opQuery<O extends Operation, P extends string, R>(
  op: O,
  params: readonly P[],
  handler: (ctx: Ctx, input: Input<O>, db: Db) => Promise<R>,
) {
  return consoleProcedure
    .meta({ scope: op.scope })
    .input(opInput(op, params))
    .query(({ ctx, input }) => runConsoleCall(ctx, op.name, null, (c, db) => handler(c, input, db)));
}

/** A write mirroring `op`: as opQuery, plus one transaction with the op's authority gate. */
export function opMutation<O extends Operation, P extends string, R>(
  op: O,
  params: readonly P[],
  handler: (ctx: Ctx, input: Input<O>, tx: Tx) => Promise<R>,
) {
  return consoleProcedure
    .meta({ scope: op.scope })
    .input(opInput(op, params))
    .mutation(({ ctx, input }) =>
      runConsoleCall(ctx, op.name, { gate: op.gate ? op : null }, (c, tx) => handler(c, input, tx), {
        params: input.params,
        body: input.body,
      }),
    );
}
