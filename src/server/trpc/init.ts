import { initTRPC } from '@trpc/server';
import superjson from 'superjson';
import type { TrpcContext } from './context';
import { apiErrorData } from './errors';

export interface ProcedureMeta {
  /** The scope of the REST operation this procedure mirrors (checked against the user's roles). */
  scope?: string;
  /** Accept the call whatever environment the page was rendered for (the switch itself). */
  anyEnvironment?: boolean;
}

/**
 * The console's tRPC instance. Errors keep tRPC's shape and add `data.api`: the type, code,
 * message and param of the service's ApiError, as the REST error body would carry them; stack
 * traces and internal messages never leave the server.
 */
export const t = initTRPC
  .context<TrpcContext>()
  .meta<ProcedureMeta>()
  .create({
    transformer: superjson,
    errorFormatter({ shape, error }) {
      const api = apiErrorData(error);
      return {
        code: shape.code,
        message: api.message,
        data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, api },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
