/**
 * The one error type of the service and its closed code table (API-CONTRACT §4).
 * REST turns an ApiError into `{error:{…}}`; tRPC maps the same status to a TRPCError.
 * Anything that is not an ApiError becomes a bare 500 `internal_error` without details.
 */

export type ErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'permission_error'
  | 'not_found_error'
  | 'conflict_error'
  | 'idempotency_error'
  | 'rate_limit_error'
  | 'api_error';

const TABLE = {
  parameter_missing: [400, 'invalid_request_error'],
  parameter_invalid: [400, 'invalid_request_error'],
  parameter_unknown: [400, 'invalid_request_error'],
  invalid_json: [400, 'invalid_request_error'],
  invalid_version: [400, 'invalid_request_error'],
  authentication_required: [401, 'authentication_error'],
  invalid_api_key: [401, 'authentication_error'],
  api_key_revoked: [401, 'authentication_error'],
  api_key_expired: [401, 'authentication_error'],
  insufficient_scope: [403, 'permission_error'],
  authority_required: [403, 'permission_error'],
  matter_restricted_key: [403, 'permission_error'],
  production_access_not_enabled: [403, 'permission_error'],
  collection_paused: [403, 'permission_error'],
  channel_not_permitted: [403, 'permission_error'],
  // A download link whose signature does not check or whose 15 minutes have passed.
  download_link_invalid: [403, 'permission_error'],
  not_found: [404, 'not_found_error'],
  route_not_found: [404, 'not_found_error'],
  idempotency_key_in_use: [409, 'idempotency_error'],
  invalid_state_transition: [409, 'conflict_error'],
  matter_closed: [409, 'conflict_error'],
  conflict: [409, 'conflict_error'],
  judgment_not_enforcement_ready: [409, 'conflict_error'],
  packet_not_ready: [409, 'conflict_error'],
  body_too_large: [413, 'invalid_request_error'],
  unsupported_media_type: [415, 'invalid_request_error'],
  idempotency_key_reused: [422, 'idempotency_error'],
  rate_limited: [429, 'rate_limit_error'],
  internal_error: [500, 'api_error'],
  service_unavailable: [503, 'api_error'],
} as const satisfies Record<string, readonly [number, ErrorType]>;

export type ErrorCode = keyof typeof TABLE;
export const ERROR_CODES = Object.keys(TABLE) as ErrorCode[];
/** Status and type of each code, for the reference (OpenAPI and /docs#errors-<code>). */
export const ERROR_TABLE: Readonly<Record<ErrorCode, readonly [number, ErrorType]>> = TABLE;

export interface ErrorExtras {
  param?: string;
  details?: Record<string, unknown>;
  /** Extra top-level fields inside `error` (e.g. `required_scope`). */
  fields?: Record<string, unknown>;
  /** Extra response headers (e.g. Retry-After). */
  headers?: Record<string, string>;
}

export class ApiError extends Error {
  readonly status: number;
  readonly type: ErrorType;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extras: ErrorExtras = {},
  ) {
    super(message);
    this.status = TABLE[code][0];
    this.type = TABLE[code][1];
  }
}

export const notFound = (what: string, id: string, param?: string) =>
  new ApiError('not_found', `No such ${what}: '${id}'`, param ? { param } : {});

export const invalidParam = (param: string, message: string) => new ApiError('parameter_invalid', message, { param });

export function invalidTransition(what: string, from: string, to: string, allowed: readonly string[]) {
  const moves = allowed.length ? allowed.join(', ') : 'none (terminal state)';
  return new ApiError(
    'invalid_state_transition',
    `Cannot move ${what} from '${from}' to '${to}'. Allowed from '${from}': ${moves}.`,
    { details: { current: from, requested: to, allowed } },
  );
}
