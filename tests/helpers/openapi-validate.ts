/**
 * Validates live responses against the served OpenAPI document with Ajv (JSON Schema 2020-12,
 * OpenAPI 3.1's dialect). The document's object schemas carry `additionalProperties: false`
 * and their `required` lists, so an extra or a missing field fails; `format` (date-time, date)
 * is checked as well.
 */
import assert from 'node:assert/strict';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Res } from './client';

type Json = Record<string, any>;
const ptr = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

export class DocValidator {
  // Formats are checked too: a `date-time` field that answered "yesterday" fails.
  private ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
  private cache = new Map<string, ValidateFunction>();
  /** How many responses were checked (operations × cases), for the suite's diagnostic. */
  count = 0;

  constructor(readonly doc: Json) {
    this.ajv.addSchema(doc, 'openapi.json');
  }

  /** The response object the document declares for this status (following a components ref). */
  declared(method: string, path: string, status: number): { pointer: string } | null {
    const op = this.doc.paths?.[path]?.[method.toLowerCase()];
    assert.ok(op, `${method} ${path} is not in the document`);
    const r = op.responses?.[String(status)];
    if (!r) return null;
    if (r.$ref) return { pointer: `${r.$ref.slice(1)}/content/application~1json/schema` };
    return {
      pointer: `/paths/${ptr(path)}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema`,
    };
  }

  /** Asserts the status is declared for the operation and the body matches its schema. */
  check(method: string, path: string, r: Res, label: string) {
    const d = this.declared(method, path, r.status);
    assert.ok(d, `${label}: ${method} ${path} answered ${r.status}, which the document does not declare`);
    let v = this.cache.get(d.pointer);
    if (!v) {
      v = this.ajv.compile({ $ref: `openapi.json#${d.pointer}` });
      this.cache.set(d.pointer, v);
    }
    const ok = v(r.body);
    this.count++;
    assert.ok(
      ok,
      `${label}: the ${r.status} body breaks the document: ${(v.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`).join('\n  ')}\n  body: ${JSON.stringify(r.body).slice(0, 800)}`,
    );
  }
}
