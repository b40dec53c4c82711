/**
 * The OpenAPI document as integrators' tools read it (no server: the document is generated from
 * the registry in-process). Each test is one of the ways the document was looser than the API:
 * an undocumented download route, optional `audit_ref`, untyped `source_refs`, status fields
 * without enums, `limit` without its range, no required headers, no examples, ids without a
 * pattern, anonymous success bodies and timestamps without a format.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openApiDocument } from '../src/server/operations/openapi';
import { allOperations } from '../src/server/operations';

type Json = Record<string, any>;
const doc = openApiDocument() as Json;
const schemas = doc.components.schemas as Record<string, Json>;
const resolve = (s: Json | undefined): Json | undefined => {
  let x = s;
  for (let i = 0; x?.$ref && i < 10; i++) x = schemas[x.$ref.split('/').pop()];
  return x;
};
const operations = Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({ path, method, op })),
);
/** JSON success answers (the download's 200 is the export's bytes, in its own media types). */
const success = (op: Json) =>
  op.operationId === 'downloadExport'
    ? []
    : Object.entries(op.responses as Record<string, Json>)
        .filter(([s]) => s.startsWith('2'))
        .map(([, r]) => r);
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
ajv.addSchema(doc, 'openapi.json');

test('the signed download route is documented: no key, its query, its bytes and its refusals', () => {
  const dl = doc.paths['/v1/exports/{export_id}/download']?.get;
  assert.ok(dl, 'GET /v1/exports/{export_id}/download');
  assert.deepEqual(dl.security, []);
  assert.deepEqual(
    dl.parameters.filter((p: Json) => p.required).map((p: Json) => p.name),
    ['export_id', 'expires', 'signature'],
  );
  assert.ok(dl.responses['200'].content['application/pdf']);
  // The JSON export is a JSON document: tools validate the parsed bundle, which is an object.
  assert.equal(dl.responses['200'].content['application/json'].schema.type, 'object');
  assert.ok(dl.responses['403'] && dl.responses['404']);
});

test('every success body is a named schema that requires audit_ref', () => {
  assert.equal(operations.length, allOperations.length + 1, 'every operation and the download');
  for (const { path, method, op } of operations) {
    for (const r of success(op)) {
      const s = r.content['application/json'].schema;
      const named = s.$ref ?? s.allOf?.[0]?.$ref;
      assert.ok(named, `${method} ${path}: an anonymous success schema`);
      const requires = (x: Json): boolean =>
        x.anyOf
          ? x.anyOf.every(requires)
          : [...(resolve(x.allOf?.[0] ?? x)?.required ?? []), ...(x.allOf?.[1]?.required ?? [])].includes('audit_ref');
      const top = s.$ref ? resolve(s)! : s;
      assert.ok(requires(top.anyOf ? top : s), `${method} ${path}: audit_ref is not required`);
    }
  }
  for (const name of ['Packet', 'PacketList', 'Action', 'ActionList', 'Relationship', 'Export', 'SourceRef'])
    assert.ok(schemas[name], `components.schemas.${name}`);
  // A named object is the object, never an answer that adds to it (the invite's one-time link).
  assert.ok(!('invite_url' in schemas.User.properties), 'User has no invite_url');
  assert.ok(!('signing_secret' in schemas.WebhookEndpoint.properties), 'WebhookEndpoint has no signing_secret');
});

test('no answer schema is an untyped array (source_refs are SourceRef objects)', () => {
  const text = JSON.stringify(schemas);
  assert.ok(!text.includes('"items":{}'), 'an `items: {}` remains');
  assert.equal(resolve(schemas.Judgment.properties.source_refs.items)?.properties?.source_type?.enum?.[0], 'judgment');
});

test('status-like fields are closed vocabularies', () => {
  const enumOf = (s: Json | undefined) => resolve(s)?.enum as string[] | undefined;
  const packet = schemas.Packet.properties;
  const latestExport = resolve(packet.latest_export.anyOf.find((b: Json) => b.type !== 'null'))!;
  const cases: [string, Json | undefined, string][] = [
    ['Matter.environment', schemas.Matter.properties.environment, 'production'],
    ['WebhookEndpoint.environment', schemas.WebhookEndpoint.properties.environment, 'sandbox'],
    ['Event.type', schemas.Event.properties.type, 'matter.created'],
    ['Event.environment', schemas.Event.properties.environment, 'sandbox'],
    ['Action.type', schemas.Action.properties.type, 'custom'],
    ['Packet.packet_type', packet.packet_type, 'freeze'],
    ['Packet.latest_export.status', latestExport.properties.status, 'ready'],
    ['Packet.latest_export.format', latestExport.properties.format, 'pdf'],
    ['ApiKey.scopes[]', schemas.ApiKey.properties.scopes.items, 'matters:read'],
  ];
  for (const [name, s, member] of cases) assert.ok(enumOf(s)?.includes(member), `${name} is an enum with ${member}`);
  const issue = doc.paths['/v1/organizations/{organization_id}/api-keys'].post;
  const body = resolve(issue.requestBody.content['application/json'].schema)!;
  assert.ok(resolve(body.properties.scopes.items)?.enum?.includes('*'), 'issuing a key names its scopes from the set');
});

test('limit states 1 to 100; cursors, path ids and the request id have their patterns', () => {
  for (const { path, method, op } of operations) {
    for (const p of (op.parameters ?? []) as Json[]) {
      if (p.$ref) continue;
      if (p.name === 'limit') assert.deepEqual([p.schema.minimum, p.schema.maximum], [1, 100], `${method} ${path}`);
      if (p.in === 'path') assert.ok(p.schema.pattern, `${method} ${path}: ${p.name} has no pattern`);
    }
  }
  assert.equal(doc.components.headers['MD-Request-Id'].schema.pattern, '^req_[0-9A-Za-z]{24}$');
});

// Prism refuses a request whose path id misses its pattern, so each pattern must be the kind the
// route serves; the audit chain's `{event_id}` is an audit event (eve_), not a webhook event.
test('a path id pattern names the kind of object the route serves', () => {
  const cases: [string, string, string][] = [
    ['/v1/audit/events/{event_id}', 'event_id', 'eve_0VcE3dje00uHXShVJQWkMONW'],
    ['/v1/events/{event_id}', 'event_id', 'evt_0VcE3dje00uHXShVJQWkMONW'],
    ['/v1/matters/{matter_id}', 'matter_id', 'mtr_0VcE3dje00uHXShVJQWkMONW'],
    ['/v1/sanctions/{review_id}', 'review_id', 'rev_0VcE3dje00uHXShVJQWkMONW'],
    ['/v1/exports/{export_id}', 'export_id', 'exp_0VcE3dje00uHXShVJQWkMONW'],
  ];
  for (const [path, name, id] of cases) {
    const p = (doc.paths[path].get.parameters as Json[]).find((x) => x.name === name)!;
    assert.match(id, new RegExp(p.schema.pattern), `${path}: ${name}`);
    assert.equal(p.example.slice(0, 4), id.slice(0, 4), `${path}: ${name} example`);
  }
});

test('the headers every answer carries are required; rate headers only where the key was counted', () => {
  const headerOf = (h: Json) => (h.$ref ? doc.components.headers[h.$ref.split('/').pop()] : h);
  for (const { path, method, op } of operations) {
    for (const [status, r0] of Object.entries(op.responses as Record<string, Json>)) {
      const r = r0.$ref ? doc.components.responses[r0.$ref.split('/').pop()] : r0;
      for (const name of ['MD-Request-Id', 'MD-Version', 'MD-Audit-Ref'])
        assert.equal(headerOf(r.headers[name]).required, true, `${method} ${path} ${status}: ${name}`);
      const rate = r.headers['RateLimit-Limit'];
      if (status.startsWith('2') && op.security?.length !== 0)
        assert.equal(headerOf(rate).required, true, `${method} ${path} ${status}`);
      if (status === '401') assert.equal(rate, undefined, `${method} ${path}: a 401 carries no rate headers`);
    }
  }
});

test('every parameter and success body has an example that its schema accepts', () => {
  let checked = 0;
  for (const { path, method, op } of operations) {
    for (const p of (op.parameters ?? []) as Json[]) {
      if (p.$ref) continue;
      assert.ok(p.example !== undefined, `${method} ${path}: parameter ${p.name} has no example`);
      assert.ok(ajv.validate(p.schema, p.example), `${method} ${path}: ${p.name} example ${JSON.stringify(p.example)}`);
      checked++;
    }
    for (const r of success(op)) {
      const media = r.content['application/json'];
      assert.ok(media.example !== undefined, `${method} ${path}: no success example`);
      const ok = ajv.validate(refsIn(media.schema), media.example);
      assert.ok(ok, `${method} ${path}: ${ajv.errorsText()}`);
      checked++;
    }
  }
  assert.ok(checked > 250, `${checked} examples checked`);
});

test('every timestamp declares date-time and every calendar day declares date', () => {
  const bad: string[] = [];
  const walk = (s: Json | undefined, where: string, seen: Set<Json>) => {
    if (!s || typeof s !== 'object' || seen.has(s)) return;
    seen.add(s);
    for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, Json>)) {
      const r = resolve(v.anyOf?.find((b: Json) => b.type !== 'null') ?? v);
      if (/(_at|^timestamp|_time)$/.test(k) && r?.type === 'string' && r.format !== 'date-time')
        bad.push(`${where}.${k}`);
      if (/_date$/.test(k) && r?.type === 'string' && r.format !== 'date') bad.push(`${where}.${k}`);
      walk(v, `${where}.${k}`, seen);
    }
    for (const key of ['items', 'anyOf', 'oneOf', 'allOf']) {
      const v = s[key];
      for (const x of Array.isArray(v) ? v : v ? [v] : []) walk(resolve(x), where, seen);
    }
  };
  for (const [name, s] of Object.entries(schemas)) walk(s, name, new Set());
  assert.deepEqual(bad, []);
});

/** A schema of the document with its local `#/components/...` refs pointed at the added document. */
function refsIn(s: Json): Json {
  return JSON.parse(JSON.stringify(s).replace(/"#\/components\//g, '"openapi.json#/components/'));
}
