import { z } from 'zod';
import { API_VERSION, SUPPORTED_VERSIONS } from '../config';
import { EVENT_TYPES } from '../domain/event-catalog';
import type { Operation } from './define';
import { allOperations } from './index';
import { errorSchema, ERROR_DOCS, STATUS_TEXT, statusesOf } from './openapi-errors';
import { foldersOf } from './folders';
import catalog from './catalog.json' with { type: 'json' };
import { eventSchema } from './event-schema';
import { EXAMPLES, exampleId, idPrefixOf } from './examples';
import { exampleOf } from './openapi-examples';

/**
 * The OpenAPI 3.1 document, generated from the registry's zod schemas (JSON Schema 2020-12 is
 * OpenAPI 3.1's dialect). Never written by hand, so it cannot drift from what is served; the
 * operations suite validates every live response against it. Schemas named with
 * `.meta({ id })` become components (`Matter`, `Money` …); request-side variants of a named
 * schema get the suffix `Input`.
 */
type Json = Record<string, unknown>;
const components: Record<string, Json> = {};

/**
 * Integers are JavaScript numbers on both sides: a declared int64 width, and the safe-integer
 * range where the schema states no narrower one (zod's `.int()` states it; a bare count may not).
 */
function integerBounds(s: Json): Json {
  const hasMin = 'minimum' in s || 'exclusiveMinimum' in s;
  const hasMax = 'maximum' in s || 'exclusiveMaximum' in s;
  return {
    ...s,
    format: s.format ?? 'int64',
    ...(hasMin ? {} : { minimum: Number.MIN_SAFE_INTEGER }),
    ...(hasMax ? {} : { maximum: Number.MAX_SAFE_INTEGER }),
  };
}

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
    return out.type === 'integer' ? integerBounds(out) : out;
  };
  for (const [id, def] of Object.entries(($defs ?? {}) as Record<string, Json>)) {
    components[name(id)] ??= rewrite(def) as Json;
  }
  return rewrite(rest) as Json;
}

/** A count or a number of seconds in a header. */
const COUNT = { type: 'integer', format: 'int32', minimum: 0, maximum: 2147483647 };

const HEADERS = {
  'MD-Request-Id': {
    description: 'The request id (`req_…`); quote it to support.',
    required: true,
    schema: { type: 'string', pattern: '^req_[0-9A-Za-z]{24}$' },
  },
  'MD-Version': {
    description: "The API version that answered (the request's `MD-Version`, or the organization's pinned version).",
    required: true,
    schema: { type: 'string', enum: [...SUPPORTED_VERSIONS] },
  },
  'MD-Audit-Ref': {
    description:
      "The audit event a write produced (`eve_…`), or the request id of a read or a refusal; equals the body's `audit_ref`.",
    required: true,
    schema: { type: 'string' },
  },
  'RateLimit-Limit': {
    description: 'Requests allowed per minute for this API key.',
    required: true,
    schema: COUNT,
  },
  'RateLimit-Remaining': {
    description: 'Requests left in the current window.',
    required: true,
    schema: COUNT,
  },
  'RateLimit-Reset': { description: 'Seconds until the window resets.', required: true, schema: COUNT },
  'Idempotent-Replayed': {
    description: '`true` when the answer is the stored result of an earlier request with the same `Idempotency-Key`.',
    schema: { type: 'string', enum: ['true'] },
  },
  'Retry-After': { description: 'Seconds to wait before retrying (429 and 503).', schema: COUNT },
} as const;
const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
const headerRefs = (names: (keyof typeof HEADERS)[]) => Object.fromEntries(names.map((n) => [n, ref('headers', n)]));
const COMMON_HEADERS = ['MD-Request-Id', 'MD-Version', 'MD-Audit-Ref'] as const;
const RATE_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'] as const;

const rateHeadersWhenCounted = Object.fromEntries(
  RATE_HEADERS.map((n) => [
    n,
    { ...HEADERS[n], required: false, description: `${HEADERS[n].description} Present once the key was counted.` },
  ]),
);

/** One reusable error response per status, listing the codes it carries and their remedies. */
function errorResponses() {
  const out: Record<string, Json> = {};
  for (const status of Object.keys(STATUS_TEXT).map(Number)) {
    const codes = Object.entries(ERROR_DOCS).filter(([, d]) => d.status === status);
    out[STATUS_TEXT[status].name] = {
      description: `${STATUS_TEXT[status].text}. Codes: ${codes.map(([c]) => `\`${c}\``).join(', ')}.`,
      headers: {
        ...headerRefs([...COMMON_HEADERS, ...(status === 429 || status === 503 ? (['Retry-After'] as const) : [])]),
        // A refusal carries the rate headers only once the key was known and counted: not on a
        // 401, nor on a 400 for an unsupported MD-Version, which are decided before that.
        ...(status === 401 || status >= 500 ? {} : rateHeadersWhenCounted),
      },
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

const pascal = (s: string) => s.replace(/(^|_)(\w)/g, (_m, _u, c: string) => c.toUpperCase());
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Every success body is a named component, so generated clients get a `Packet` or a
 * `PacketList` type rather than an anonymous shape per operation. A schema that zod did not
 * name is named after its `object` (a page of `Packet`s is `PacketList`), or after its
 * operation where that name is taken by another shape. The wrapper adds `audit_ref` to every
 * success body, so it is required at the top level even where the named object, which also
 * appears inside lists without it, declares it optional.
 */
function topLevel(op: Operation, schema: Json): Json {
  let name: string;
  if (typeof schema.$ref === 'string') name = schema.$ref.split('/').pop()!;
  else {
    const props = (schema.properties ?? {}) as Record<string, Json>;
    const object = (props.object as { const?: string } | undefined)?.const;
    const items = ((props.data as Json | undefined)?.items as Json | undefined)?.$ref as string | undefined;
    name =
      object === 'list' && items
        ? `${items.split('/').pop()}List`
        : object && object !== 'list'
          ? pascal(object)
          : `${pascal(op.name)}Response`;
    if (components[name] && !sameJson(components[name], schema)) name = `${pascal(op.name)}Response`;
    components[name] ??= schema;
  }
  const component = components[name] as { properties?: Json; required?: string[]; anyOf?: Json[] };
  // A union (a review, a screen or an OFAC report) requires it of each branch.
  if (component.anyOf) component.anyOf = component.anyOf.map(requireAuditRef);
  return requireAuditRef(ref('schemas', name));
}

function requireAuditRef(schema: Json): Json {
  const target = (typeof schema.$ref === 'string' ? components[schema.$ref.split('/').pop()!] : schema) as {
    properties?: Json;
    required?: string[];
  };
  if (!target?.properties || !('audit_ref' in target.properties) || target.required?.includes('audit_ref'))
    return schema;
  return { allOf: [schema, { type: 'object', required: ['audit_ref'] }] };
}

/**
 * Paging parameters as the API reads them. `limit` arrives as text in a query string and as a
 * number from the console, so its zod schema is a union; the document states the value range.
 */
const CURSOR = { type: 'string', maxLength: 100, pattern: '^[a-z]+_[0-9A-Za-z]{24}$' };
const PARAM_SCHEMA: Record<string, Json> = {
  limit: { type: 'integer', format: 'int32', minimum: 1, maximum: 100, default: 20 },
  starting_after: CURSOR,
  ending_before: CURSOR,
};

const PARAM_DOC: Record<string, string> = {
  limit: 'Page size, 1 to 100 (default 20).',
  starting_after: 'Cursor: the id of the last object of the previous page.',
  ending_before: 'Cursor: the id of the first object of the next page (pages backwards).',
};

/**
 * Path parameters whose id kind is not the one their name reads as: `{event_id}` of the audit
 * chain is an audit event (`eve_…`), not a webhook event (`evt_…`). Prism refuses a real id that
 * misses the documented pattern, so the pattern must name the right kind.
 */
const PATH_PARAM_KIND: Record<string, Record<string, string>> = {
  '/v1/audit/events/{event_id}': { event_id: 'audit_event_id' },
};

function operationObject(op: Operation, response: Json) {
  const parameters: Json[] = op.pathParams.map((p) => {
    const kind = PATH_PARAM_KIND[op.path]?.[p] ?? p;
    const prefix = idPrefixOf(kind);
    return {
      name: p,
      in: 'path',
      required: true,
      description: `The ${kind.replace(/_id$/, '').replace(/_/g, ' ')}'s id.`,
      schema: { type: 'string', ...(prefix ? { pattern: `^${prefix}_[0-9A-Za-z]{24}$` } : {}) },
      example: exampleId(kind),
    };
  });
  if (op.query) {
    const q = toSchema(op.query, 'input') as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, schema] of Object.entries(q.properties ?? {})) {
      const { description, ...rest } = schema as Json;
      const paramSchema = PARAM_SCHEMA[name] ?? rest;
      parameters.push({
        name,
        in: 'query',
        required: q.required?.includes(name) ?? false,
        description: (description as string) ?? PARAM_DOC[name] ?? `Filter by ${name.replace(/_/g, ' ')}.`,
        schema: paramSchema,
        example: exampleOf(paramSchema, components, name),
      });
    }
  }
  parameters.push(ref('parameters', 'MD-Version'));
  if (op.takesIdempotencyKey) parameters.push(ref('parameters', 'Idempotency-Key'));
  const body = op.body ? toSchema(op.body, 'input') : null;
  const successHeaders = headerRefs([
    ...COMMON_HEADERS,
    ...RATE_HEADERS,
    ...(op.takesIdempotencyKey ? (['Idempotent-Replayed'] as const) : []),
  ]);
  const success = topLevel(op, response);
  const responses: Json = {
    [String(op.status)]: {
      description: op.status === 201 ? 'Created' : 'OK',
      headers: successHeaders,
      content: { 'application/json': { schema: success, example: exampleOf(success, components) } },
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
    ...(op.takesIdempotencyKey ? ['-H "Idempotency-Key: $(uuidgen)"'] : []),
    ...(op.body ? ['-H "Content-Type: application/json"', `-d '${json.replace(/'/g, "'\\''")}'`] : []),
  ].join(' \\\n  ');
  const args = [
    op.pathParams.length
      ? `path: { ${op.pathParams.map((p) => `${p}: ${p.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase())}`).join(', ')} }`
      : '',
    ex?.query ? `query: ${JSON.stringify(fillExample(ex.query))}` : '',
    op.body ? `body: ${json.replace(/\n/g, '\n  ')}` : '',
    op.takesIdempotencyKey ? "headers: { 'Idempotency-Key': crypto.randomUUID() }" : '',
  ].filter(Boolean);
  return {
    operationId: op.name,
    summary: op.summary,
    description: `${op.summary}.\n\nScope \`${op.scope}\`${op.gate ? '; gated: the matter needs authority in effect (403 `authority_required` otherwise)' : ''}${op.takesIdempotencyKey ? '; idempotent under `Idempotency-Key`' : ''}${op.sandboxOnly ? '; sandbox keys only' : ''}.`,
    tags: [op.folder],
    security: [{ bearer: [] }],
    'x-scope': op.scope,
    'x-gate': op.gate,
    'x-idempotent': op.takesIdempotencyKey,
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

/**
 * `GET /v1/exports/{export_id}/download`: served beside the registry, not in it, because its
 * credential is the signed link itself (no API key, no scope, no rate limit) and its answer is
 * the file's bytes. Documented here so that contract tools accept the `download_url` the export
 * object hands out.
 */
function downloadPath(): Record<string, object> {
  return {
    get: {
      operationId: 'downloadExport',
      summary: 'Download the bytes of a ready export through its signed link',
      description:
        'The `download_url` of a ready export. The link is the credential: no API key is sent, and it is valid for 15 minutes (`expires`, Unix seconds) under an HMAC-SHA256 `signature` of `<export_id>.<expires>`. An altered, malformed or expired link is 403 `download_link_invalid`, whether or not the export exists; `GET /v1/exports/{export_id}` returns a fresh link. `MD-Content-SHA256` carries the sha256 of the bytes, as in the export object.',
      tags: ['Packets'],
      security: [],
      'x-codeSamples': [
        {
          lang: 'Shell',
          label: 'curl',
          source: 'curl -fsS -o packet.pdf "$DOWNLOAD_URL"   # download_url of a ready export; no API key',
        },
        {
          lang: 'TypeScript',
          label: 'fetch',
          source:
            "import { createHash } from 'node:crypto';\n\nconst res = await fetch(exp.download_url!);\nconst bytes = Buffer.from(await res.arrayBuffer());\nif (createHash('sha256').update(bytes).digest('hex') !== exp.sha256) throw new Error('sha256 mismatch');",
        },
      ],
      parameters: [
        {
          name: 'export_id',
          in: 'path',
          required: true,
          description: "The export's id.",
          schema: { type: 'string', pattern: '^exp_[0-9A-Za-z]{24}$' },
          example: exampleId('export_id'),
        },
        {
          name: 'expires',
          in: 'query',
          required: true,
          description: 'When the link stops working, in Unix seconds.',
          schema: { type: 'integer', format: 'int64', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
          example: 1781186607,
        },
        {
          name: 'signature',
          in: 'query',
          required: true,
          description: 'HMAC-SHA256 of `<export_id>.<expires>`, in hex.',
          schema: { type: 'string', pattern: '^[0-9a-f]{64}$' },
          example: 'a3f1c2'.padEnd(64, '0'),
        },
        {
          name: 'disposition',
          in: 'query',
          required: false,
          description: '`inline` lets a browser show a PDF in place; the default is an attachment.',
          schema: { type: 'string', enum: ['attachment', 'inline'], default: 'attachment' },
          example: 'inline',
        },
      ],
      responses: {
        '200': {
          description: 'The file.',
          headers: {
            ...headerRefs([...COMMON_HEADERS]),
            'Content-Disposition': {
              description: "`attachment` (or `inline`) with the export's file name.",
              required: true,
              schema: { type: 'string' },
            },
            'MD-Content-SHA256': {
              description: "sha256 of the bytes, in hex (the export object's `sha256`).",
              schema: { type: 'string', pattern: '^[0-9a-f]{64}$' },
            },
          },
          // PDF and ZIP are bytes; the JSON export is one JSON document (the bundle, an object),
          // and tools that read application/json (Prism, Portman) validate the parsed value.
          content: {
            ...Object.fromEntries(
              ['application/pdf', 'application/zip'].map((type) => [
                type,
                { schema: { type: 'string', contentMediaType: type } },
              ]),
            ),
            'application/json': { schema: { type: 'object' } },
          },
        },
        '403': ref('responses', STATUS_TEXT[403].name),
        '404': ref('responses', STATUS_TEXT[404].name),
        '500': ref('responses', STATUS_TEXT[500].name),
        '503': ref('responses', STATUS_TEXT[503].name),
      },
    },
  };
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
  // Every zod-named schema is registered before any anonymous answer is named after its
  // `object`, so that name never takes a named schema's place (`User` is the user, not the
  // invite's answer that adds `invite_url` to it).
  const responses = new Map(allOperations.map((op) => [op, toSchema(op.response, 'output')]));
  for (const op of allOperations)
    (paths[op.path] ??= {})[op.method.toLowerCase()] = operationObject(op, responses.get(op)!);
  paths['/v1/exports/{export_id}/download'] = downloadPath();
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
    // A local `npm start` is http://127.0.0.1:3000; /docs adds the origin it is served from.
    servers: [
      { url: SANDBOX_URL, description: 'Sandbox (md_test_ keys)', 'x-internal': false },
      { url: PRODUCTION_URL, description: 'Production (md_live_ keys)', 'x-internal': false },
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
