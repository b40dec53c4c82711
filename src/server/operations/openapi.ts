import { z } from 'zod';
import { API_VERSION, SUPPORTED_VERSIONS } from '../config';
import { EVENT_TYPES } from '../domain/event-catalog';
import type { Operation } from './define';
import { allOperations } from './index';
import { errorSchema, ERROR_DOCS, STATUS_TEXT, statusesOf } from './openapi-errors';
import { foldersOf } from './folders';
import catalog from './catalog.json' with { type: 'json' };
import { eventSchema } from './event-schema';
import { EXAMPLES, exampleId } from './examples';

/**
 * The OpenAPI 3.1 document, generated from the registry's zod schemas (JSON Schema 2020-12 is
 * OpenAPI 3.1's dialect). Never written by hand, so it cannot drift from what is served; the
 * operations suite validates every live response against it. Schemas named with
 * `.meta({ id })` become components (`Matter`, `Money` …); request-side variants of a named
 * schema get the suffix `Input`.
 */
type Json = Record<string, unknown>;
const components: Record<string, Json> = {};

/** Moves zod's `$defs` into components and points every `$ref` there. */
function toSchema(s: z.ZodType, io: 'input' | 'output'): Json {
  const {
    $schema: _drop,
    $defs,
    ...rest
  } = z.toJSONSchema(s, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  const name = (id: string) => (io === 'input' && !id.endsWith('Input') ? `${id}Input` : id);
  const rewrite = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(rewrite);
    if (!v || typeof v !== 'object') return v;
    const out: Json = {};
    for (const [k, x] of Object.entries(v)) {
      out[k] =
        k === '$ref' && typeof x === 'string' && x.startsWith('#/$defs/')
          ? `#/components/schemas/${name(x.slice(8))}`
          : rewrite(x);
    }
    return out;
  };
  for (const [id, def] of Object.entries(($defs ?? {}) as Record<string, Json>)) {
    components[name(id)] ??= rewrite(def) as Json;
  }
  return rewrite(rest) as Json;
}

const HEADERS = {
  'MD-Request-Id': { description: 'The request id (`req_…`); quote it to support.', schema: { type: 'string' } },
  'MD-Version': {
    description: "The API version that answered (the request's `MD-Version`, or the organization's pinned version).",
    schema: { type: 'string' },
  },
  'MD-Audit-Ref': {
    description:
      "The audit event a write produced (`eve_…`), or the request id of a read or a refusal; equals the body's `audit_ref`.",
    schema: { type: 'string' },
  },
  'RateLimit-Limit': { description: 'Requests allowed per minute for this API key.', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window resets.', schema: { type: 'integer' } },
  'Idempotent-Replayed': {
    description: '`true` when the answer is the stored result of an earlier request with the same `Idempotency-Key`.',
    schema: { type: 'string', enum: ['true'] },
  },
  'Retry-After': { description: 'Seconds to wait before retrying (429 and 503).', schema: { type: 'integer' } },
} as const;
const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
const headerRefs = (names: (keyof typeof HEADERS)[]) => Object.fromEntries(names.map((n) => [n, ref('headers', n)]));
const COMMON_HEADERS = ['MD-Request-Id', 'MD-Version', 'MD-Audit-Ref'] as const;
const RATE_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'] as const;

/** One reusable error response per status, listing the codes it carries and their remedies. */
function errorResponses() {
  const out: Record<string, Json> = {};
  for (const status of Object.keys(STATUS_TEXT).map(Number)) {
    const codes = Object.entries(ERROR_DOCS).filter(([, d]) => d.status === status);
    out[STATUS_TEXT[status].name] = {
      description: `${STATUS_TEXT[status].text}. Codes: ${codes.map(([c]) => `\`${c}\``).join(', ')}.`,
      headers: headerRefs([
        ...COMMON_HEADERS,
        ...(status === 401 || status >= 500 ? [] : RATE_HEADERS),
        ...(status === 429 || status === 503 ? (['Retry-After'] as const) : []),
      ]),
      content: {
        'application/json': {
          schema: ref('schemas', 'Error'),
          example: {
            error: {
              ...codes[0][1].example,
              request_id: 'req_0KzP4t2mW9xV7yQ3',
              audit_ref: 'req_0KzP4t2mW9xV7yQ3',
              doc_url: `/docs#errors-${codes[0][0]}`,
            },
          },
        },
      },
    };
  }
  return out;
}

const PARAM_DOC: Record<string, string> = {
  limit: 'Page size, 1 to 100 (default 20).',
  starting_after: 'Cursor: the id of the last object of the previous page.',
  ending_before: 'Cursor: the id of the first object of the next page (pages backwards).',
};

function operationObject(op: Operation) {
  const parameters: Json[] = op.pathParams.map((p) => ({
    name: p,
    in: 'path',
    required: true,
    description: `The ${p.replace(/_id$/, '').replace(/_/g, ' ')}'s id.`,
    schema: { type: 'string' },
  }));
  if (op.query) {
    const q = toSchema(op.query, 'input') as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, schema] of Object.entries(q.properties ?? {})) {
      const { description, ...rest } = schema as Json;
      parameters.push({
        name,
        in: 'query',
        required: q.required?.includes(name) ?? false,
        description: (description as string) ?? PARAM_DOC[name] ?? `Filter by ${name.replace(/_/g, ' ')}.`,
        schema: rest,
      });
    }
  }
  parameters.push(ref('parameters', 'MD-Version'));
  if (op.idem) parameters.push(ref('parameters', 'Idempotency-Key'));
  const body = op.body ? toSchema(op.body, 'input') : null;
  const successHeaders = headerRefs([
    ...COMMON_HEADERS,
    ...RATE_HEADERS,
    ...(op.idem ? (['Idempotent-Replayed'] as const) : []),
  ]);
  const responses: Json = {
    [String(op.status)]: {
      description: op.status === 201 ? 'Created' : 'OK',
      headers: successHeaders,
      content: { 'application/json': { schema: toSchema(op.response, 'output') } },
    },
  };
  for (const s of statusesOf(op)) responses[String(s)] = ref('responses', STATUS_TEXT[s].name);
  const ex = EXAMPLES[op.name];
  const exBody = ex?.body ? fillExample(ex.body) : null;
  const path = op.path.replace(/\{(\w+)\}/g, (_, p) => `$${p.toUpperCase()}`);
  const json = exBody ? JSON.stringify(exBody, null, 2) : '{ … }';
  const curl = [
    `curl -X ${op.method} "$BASE_URL${path}${ex?.query ? `?${new URLSearchParams(fillExample(ex.query) as Record<string, string>)}` : ''}"`,
    '-H "Authorization: Bearer $MD_API_KEY"',
    `-H "MD-Version: ${API_VERSION}"`,
    ...(op.idem ? ['-H "Idempotency-Key: $(uuidgen)"'] : []),
    ...(op.body ? ['-H "Content-Type: application/json"', `-d '${json.replace(/'/g, "'\\''")}'`] : []),
  ].join(' \\\n  ');
  const args = [
    op.pathParams.length
      ? `path: { ${op.pathParams.map((p) => `${p}: ${p.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase())}`).join(', ')} }`
      : '',
    ex?.query ? `query: ${JSON.stringify(fillExample(ex.query))}` : '',
    op.body ? `body: ${json.replace(/\n/g, '\n  ')}` : '',
    op.idem ? "headers: { 'Idempotency-Key': crypto.randomUUID() }" : '',
  ].filter(Boolean);
  return {
    operationId: op.name,
    summary: op.summary,
    description: `${op.summary}.\n\nScope \`${op.scope}\`${op.gate ? '; gated: the matter needs authority in effect (403 `authority_required` otherwise)' : ''}${op.idem ? '; idempotent under `Idempotency-Key`' : ''}${op.sandboxOnly ? '; sandbox keys only' : ''}.`,
    tags: [op.folder],
    security: [{ bearer: [] }],
    'x-scope': op.scope,
    'x-gate': op.gate,
    'x-idempotent': op.idem,
    parameters,
    ...(body
      ? {
          requestBody: {
            required: ((body as { required?: string[] }).required?.length ?? 0) > 0,
            content: { 'application/json': { schema: body, ...(exBody ? { example: exBody } : {}) } },
          },
        }
      : {}),
    responses,
    'x-codeSamples': [
      { lang: 'Shell', label: 'curl', source: curl },
      {
        lang: 'TypeScript',
        label: 'TypeScript client',
        source: `import { configure, ${op.name} } from '@judgment-recovery/client';\n\nconfigure({ baseUrl: process.env.BASE_URL!, apiKey: process.env.MD_API_KEY! });\nconst { data, error } = await ${op.name}({${args.length ? `\n  ${args.join(',\n  ')},\n` : ''}});`,
      },
    ],
  };
}

/**
 * An example from examples.ts with its Postman variables made concrete: `{{matter_id}}` becomes
 * an id of the matter's shape, `{{$guid}}` a UUID.
 */
function fillExample(v: unknown): unknown {
  if (typeof v === 'string') {
    return v
      .replace(/\{\{\$guid\}\}/g, '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f')
      .replace(/\{\{\$randomInt\}\}/g, '4567')
      .replace(/\{\{(\w+)\}\}/g, (_, n: string) => exampleId(n));
  }
  if (Array.isArray(v)) return v.map(fillExample);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fillExample(x)]));
  return v;
}

/** The event a webhook endpoint receives for each catalog type (POST, signed). */
function webhooks() {
  const out: Record<string, Json> = {};
  for (const type of EVENT_TYPES) {
    out[type] = {
      post: {
        operationId: `event_${type.replace(/\./g, '_')}`,
        summary: `${type} event`,
        description: `Sent to endpoints subscribed to \`${type}\` (or \`*\`). Signed with \`MD-Signature\` and the Standard Webhooks headers; answer 2xx within 15 s.`,
        tags: ['webhook_events'],
        security: [],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { allOf: [ref('schemas', 'Event'), { properties: { type: { const: type } } }] },
            },
          },
        },
        responses: { '200': { description: 'Any 2xx acknowledges the delivery; anything else is retried.' } },
      },
    };
  }
  return out;
}

/** The published hosts; a deployment names its own with MD_SANDBOX_URL / MD_PRODUCTION_URL. */
const SANDBOX_URL = process.env.MD_SANDBOX_URL ?? 'https://sandbox.api.judgmentrecovery.dev';
const PRODUCTION_URL = process.env.MD_PRODUCTION_URL ?? 'https://api.judgmentrecovery.dev';

let cached: Json | null = null;

export function openApiDocument(): Json {
  if (cached) return cached;
  const paths: Record<string, Record<string, object>> = {};
  for (const op of allOperations) (paths[op.path] ??= {})[op.method.toLowerCase()] = operationObject(op);
  toSchema(eventSchema, 'output');
  components.Error = errorSchema;
  const used = [...new Set(allOperations.map((o) => o.folder))];
  cached = {
    openapi: '3.1.0',
    info: {
      title: 'Judgment Recovery Case Service API',
      version: API_VERSION,
      description:
        'Matters, judgments, crypto intelligence, legal work products and the audit chain.\n\n' +
        'Authenticate with `Authorization: Bearer md_test_…` (sandbox) or `md_live_…` (production) and send `MD-Version`. ' +
        'Writes take an `Idempotency-Key`. Money carries `amount` and the exact `amount_decimal` string. ' +
        'Errors are `{"error":{type, code, message, param?, request_id, audit_ref, doc_url}}` from a closed table (see [Errors](#errors)).',
      contact: { name: 'Judgment Recovery Case Service', url: `${PRODUCTION_URL}/docs` },
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [
      { url: SANDBOX_URL, description: 'Sandbox (md_test_ keys)' },
      { url: PRODUCTION_URL, description: 'Production (md_live_ keys)' },
      { url: 'http://127.0.0.1:3000', description: 'Local `npm start`' },
    ],
    tags: [
      ...foldersOf(catalog)
        .filter((f) => used.includes(f.name))
        .map((f) => ({ name: f.name, description: f.description })),
      { name: 'webhook_events', description: 'Events the service POSTs to webhook endpoints.' },
    ],
    security: [{ bearer: [] }],
    paths,
    webhooks: webhooks(),
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: '`md_test_…` (sandbox) or `md_live_…` (production)' },
      },
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
      responses: errorResponses(),
      headers: HEADERS,
      parameters: {
        'MD-Version': {
          name: 'MD-Version',
          in: 'header',
          required: false,
          description: "API version; defaults to the organization's pinned version.",
          schema: { type: 'string', enum: [...SUPPORTED_VERSIONS] },
        },
        'Idempotency-Key': {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'A unique key (1–255 characters) that makes a retry safe: the same key and body replay the first result for 24 h.',
          schema: { type: 'string', minLength: 1, maxLength: 255 },
        },
      },
    },
  };
  return cached;
}
