import { ERROR_CODES, ERROR_TABLE, type ErrorCode, type ErrorType } from '../errors';
import type { Operation } from './define';

/**
 * The error half of the reference: the `Error` schema (type and code are the closed enums of
 * errors.ts), what each code means and how to fix it (where an error's `doc_url`,
 * `/docs#errors-<code>`, lands), and which statuses each operation can answer.
 */
const TEXT: Partial<Record<ErrorCode, [explanation: string, remedy: string]>> = {
  parameter_missing: ['A required field, query parameter or header is absent.', 'Send the field named in `param`.'],
  parameter_invalid: [
    'A field has the wrong type, format, length or value.',
    'Fix the field named in `param`; `message` says what is accepted.',
  ],
  parameter_unknown: [
    'The body or query has a field the operation does not take (bodies are strict).',
    'Remove the field named in `param`, or check its spelling.',
  ],
  invalid_json: [
    'The body is not valid JSON, or not a JSON object.',
    'Send a JSON object with `Content-Type: application/json`.',
  ],
  invalid_version: [
    '`MD-Version` names a version this service does not serve.',
    'Send a supported version (see `/v1/health`) or omit the header.',
  ],
  authentication_required: [
    'No `Authorization: Bearer` header.',
    'Send `Authorization: Bearer md_test_…` (sandbox) or `md_live_…`.',
  ],
  invalid_api_key: [
    'The key is unknown or malformed.',
    'Check the key; issue a new one with POST /v1/organizations/{id}/api-keys.',
  ],
  api_key_revoked: ['The key was revoked.', 'Use another key; revocation cannot be undone.'],
  api_key_expired: [
    'The key passed its `expires_at` (for example after a roll).',
    'Use the rolled key, or issue a new one.',
  ],
  insufficient_scope: [
    'The key lacks the scope this operation needs; `required_scope` names it.',
    'Use a key holding `required_scope`, or issue one with it.',
  ],
  authority_required: [
    'A gated operation ran on a matter with no authority grant in effect.',
    'Grant authority with POST /v1/matters/{matter_id}/authority, then retry.',
  ],
  matter_restricted_key: [
    'The key is restricted to some matters, and this operation spans every matter.',
    'Use a key without `matter_ids`.',
  ],
  production_access_not_enabled: [
    "Production keys need the organization's `production_access` feature.",
    "Ask the parent organization's admin to enable it.",
  ],
  collection_paused: ['Collection on this matter is paused.', 'Resume collection before acting on the matter.'],
  not_found: [
    'No such object for this key: it does not exist, or belongs to another organization, environment or matter.',
    'Check the id and that the key is in the same environment and may see the matter.',
  ],
  route_not_found: ['No operation serves this method and path.', 'Check the method and path against this reference.'],
  idempotency_key_in_use: [
    'A request with the same `Idempotency-Key` is still running.',
    'Wait for it to finish, then retry to get its result.',
  ],
  invalid_state_transition: [
    'The object cannot move from its current state to the one asked for; `details.allowed` lists the moves.',
    'Choose an allowed transition.',
  ],
  matter_closed: [
    'The matter is closed and refuses every write.',
    'Work on an open matter; a closed matter stays closed.',
  ],
  conflict: [
    "The request conflicts with the object's current state or with a concurrent change.",
    'Read the object again and retry.',
  ],
  judgment_not_enforcement_ready: [
    'The judgment has no passing validation.',
    'Run POST /v1/judgments/{id}/validate and resolve `missing_items`.',
  ],
  body_too_large: ['The body exceeds the size limit.', 'Send a smaller body (split large lists).'],
  unsupported_media_type: ['The body is not `application/json`.', 'Send `Content-Type: application/json`.'],
  idempotency_key_reused: [
    'The `Idempotency-Key` was used with a different request.',
    'Use a new key for a new request.',
  ],
  rate_limited: [
    'The key sent more requests per minute than allowed.',
    'Wait `Retry-After` seconds; spread requests out.',
  ],
  internal_error: ['The service failed unexpectedly.', 'Retry later; quote `request_id` to support if it persists.'],
  service_unavailable: [
    'The service or its database is temporarily unavailable.',
    'Retry after `Retry-After` seconds.',
  ],
};

export interface ErrorDoc {
  status: number;
  type: ErrorType;
  explanation: string;
  remedy: string;
  example: { type: ErrorType; code: ErrorCode; message: string };
}

/** Every code of errors.ts; a code added there without text here gets a generic line. */
export const ERROR_DOCS = Object.fromEntries(
  ERROR_CODES.map((code) => {
    const [status, type] = ERROR_TABLE[code];
    const [explanation, remedy] = TEXT[code] ?? [
      `See \`message\` for the cause (${code.replace(/_/g, ' ')}).`,
      'Correct the request as `message` describes.',
    ];
    return [code, { status, type, explanation, remedy, example: { type, code, message: explanation } }];
  }),
) as Record<ErrorCode, ErrorDoc>;

export const STATUS_TEXT: Record<number, { name: string; text: string }> = {
  400: { name: 'BadRequest', text: 'Invalid request' },
  401: { name: 'Unauthorized', text: 'No valid API key' },
  403: { name: 'Forbidden', text: 'The key may not do this' },
  404: { name: 'NotFound', text: 'No such object or route' },
  409: { name: 'Conflict', text: 'Conflicts with the current state' },
  413: { name: 'PayloadTooLarge', text: 'Body too large' },
  415: { name: 'UnsupportedMediaType', text: 'Body is not JSON' },
  422: { name: 'IdempotencyKeyReused', text: 'Idempotency-Key reused with another request' },
  429: { name: 'TooManyRequests', text: 'Rate limited' },
  500: { name: 'InternalError', text: 'Internal error' },
  503: { name: 'ServiceUnavailable', text: 'Temporarily unavailable' },
};

/** The error statuses an operation can answer, from what the wrapper does with its shape. */
export function statusesOf(op: Operation): number[] {
  const s = [400, 401, 403, 404, 429, 500, 503];
  if (op.method !== 'GET') s.push(409);
  if (op.body) s.push(413, 415);
  if (op.takesIdempotencyKey) s.push(409, 422);
  return [...new Set(s)].sort();
}

const TYPES = [...new Set(ERROR_CODES.map((c) => ERROR_TABLE[c][1]))];

export const errorSchema = {
  type: 'object',
  description:
    "Every error: a closed `type` and `code`, a human `message`, the `param` at fault, and ids to quote. `doc_url` links to the code's explanation.",
  properties: {
    error: {
      type: 'object',
      required: ['type', 'code', 'message', 'request_id', 'audit_ref', 'doc_url'],
      additionalProperties: false,
      properties: {
        type: { type: 'string', enum: TYPES, description: 'The error family.' },
        code: { type: 'string', enum: ERROR_CODES, description: 'The exact error; see `/docs#errors-<code>`.' },
        message: { type: 'string', description: 'What went wrong, for humans.' },
        param: { type: 'string', description: 'The field, query parameter or header at fault (`a.b[0].c`).' },
        request_id: { type: 'string', description: 'The request id (`req_…`).' },
        audit_ref: { type: 'string', description: 'Equals `request_id`: a refused request writes no audit event.' },
        doc_url: { type: 'string', description: 'Where the code is explained, with its remedy.' },
        details: { type: 'object', description: 'Machine-readable context (e.g. `allowed` transitions).' },
        required_scope: { type: 'string', description: 'With `insufficient_scope`: the scope the operation needs.' },
      },
    },
  },
  required: ['error'],
  additionalProperties: false,
  examples: [
    {
      error: {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        message: 'Missing required param: mode.',
        param: 'mode',
        request_id: 'req_0KzP4t2mW9xV7yQ3',
        audit_ref: 'req_0KzP4t2mW9xV7yQ3',
        doc_url: '/docs#errors-parameter_missing',
      },
    },
  ],
};
