import { TRPCError } from '@trpc/server';
import { ApiError } from '../errors';

type TrpcCode = TRPCError['code'];

/**
 * The one mapping from the service's closed error table (by HTTP status) to tRPC codes. The
 * ApiError itself travels as the TRPCError's cause, so the console sees the same code, message
 * and param as a REST client would.
 */
const BY_STATUS: Record<number, TrpcCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

export const trpcCodeOf = (e: ApiError): TrpcCode => BY_STATUS[e.status] ?? 'INTERNAL_SERVER_ERROR';

/** A TRPCError raised from an ApiError, remembering the request id of the call it ended. */
export class ConsoleError extends TRPCError {
  constructor(
    readonly apiError: ApiError,
    readonly requestId: string | null,
  ) {
    super({ code: trpcCodeOf(apiError), message: apiError.message, cause: apiError });
  }
}

export const toTRPCError = (e: ApiError, requestId: string | null = null) => new ConsoleError(e, requestId);

/** The `error.data.api` of a console error: the REST error body's fields, nothing internal. */
export interface ApiErrorData {
  type: string;
  code: string;
  message: string;
  param: string | null;
  request_id: string | null;
}

export function apiErrorData(error: TRPCError): ApiErrorData {
  const requestId = error instanceof ConsoleError ? error.requestId : null;
  // Input parsers throw ApiErrors too; tRPC wraps them as BAD_REQUEST with the ApiError as cause.
  const cause = error instanceof ConsoleError ? error.apiError : error.cause instanceof ApiError ? error.cause : null;
  if (!cause) {
    // Raised by tRPC itself (unknown procedure, unreadable request): never echo internals.
    if (error.code === 'NOT_FOUND')
      return {
        type: 'not_found_error',
        code: 'route_not_found',
        message: error.message,
        param: null,
        request_id: requestId,
      };
    if (error.code === 'INTERNAL_SERVER_ERROR') {
      return {
        type: 'api_error',
        code: 'internal_error',
        message: 'An internal error occurred. Quote the request id when contacting support.',
        param: null,
        request_id: requestId,
      };
    }
    return {
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      message: error.message,
      param: null,
      request_id: requestId,
    };
  }
  return {
    type: cause.type,
    code: cause.code,
    message: cause.message,
    param: cause.extras.param ?? null,
    request_id: requestId,
  };
}
