import { z } from 'zod';
import { API_VERSION } from '../config';
import { ERROR_CODES } from '../errors';
import type { Operation } from './define';
import { allOperations } from './index';

/**
 * The OpenAPI 3.1 document, generated from the registry's zod schemas (JSON Schema 2020-12 is
 * OpenAPI 3.1's dialect). Never written by hand, so it cannot drift from what is served.
 */
const toSchema = (s: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(s, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
  return rest;
};

const errorSchema = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      required: ['type', 'code', 'message', 'request_id', 'audit_ref'],
      properties: {
        type: { type: 'string' }, code: { type: 'string', enum: ERROR_CODES }, message: { type: 'string' },
        param: { type: 'string' }, request_id: { type: 'string' }, audit_ref: { type: 'string' },
        doc_url: { type: 'string' }, details: { type: 'object' }, required_scope: { type: 'string' },
      },
    },
  },
};

function operationObject(op: Operation) {
  const parameters: object[] = op.pathParams.map((p) => ({ name: p, in: 'path', required: true, schema: { type: 'string' } }));
  if (op.query) {
    const q = toSchema(op.query, 'input') as { properties?: Record<string, object>; required?: string[] };
    for (const [name, schema] of Object.entries(q.properties ?? {})) {
      parameters.push({ name, in: 'query', required: q.required?.includes(name) ?? false, schema });
    }
  }
  parameters.push({ name: 'MD-Version', in: 'header', required: false, schema: { type: 'string', enum: [API_VERSION] } });
  if (op.idem) parameters.push({ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 255 } });
  return {
    operationId: op.name,
    summary: op.summary,
    tags: [op.folder],
    security: [{ bearer: [op.scope] }],
    'x-scope': op.scope,
    'x-gate': op.gate,
    'x-idempotent': op.idem,
    parameters,
    ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(op.body, 'input') } } } } : {}),
    responses: {
      [String(op.status)]: { description: 'Success', content: { 'application/json': { schema: toSchema(op.response, 'output') } } },
      default: { description: 'Error (see the closed code table)', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    },
  };
}

let cached: object | null = null;

export function openApiDocument() {
  if (cached) return cached;
  const paths: Record<string, Record<string, object>> = {};
  for (const op of allOperations) (paths[op.path] ??= {})[op.method.toLowerCase()] = operationObject(op);
  cached = {
    openapi: '3.1.0',
    info: {
      title: 'Judgment Recovery Case Service API',
      version: API_VERSION,
      description: 'Matters, judgments, crypto intelligence, legal work products and the audit chain. Send `MD-Version` and `Authorization: Bearer md_test_…`.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'md_test_… (sandbox) or md_live_… (production)' } },
      schemas: { Error: errorSchema },
    },
    paths,
  };
  return cached;
}
