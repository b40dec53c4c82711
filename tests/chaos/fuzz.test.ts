/**
 * Scenario 3 — schema-derived fuzzing of every operation of /v1/openapi.json with fast-check.
 *
 * For each operation the fixture table builds one valid request; fast-check then derives
 * hostile variants from the operation's schemas in the document: each body field with wrong
 * types, boundary numbers, format and length violations, deep nesting; missing and unknown
 * fields; bodies that are not objects; duplicate keys; invalid UTF-8; wrong content types;
 * random bytes; hostile query parameters and headers; hostile path ids; and the whole request
 * made with another tenant's ids.
 *
 * Must hold: no 5xx (nor a dropped connection); every error in the contract's format; invalid
 * UTF-8 → 400 invalid_json; another tenant's ids → 404 not_found; a wrong content type → 415;
 * and after every refused write, nothing changed: a digest of every table (row count and a hash
 * of the rows, which covers the audit chain heads) is the same as before it.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import pg from 'pg';
import { startServer, type TestServer } from '../helpers/server';
import { client } from '../helpers/client';
import { assertErrorShape } from '../helpers/expect';
import { fixtureOf, makeKit, type Kit, type Req } from '../helpers/fixtures';
import { chaosDatabase, report, shoot, type Shot } from './lib';
import { hostileFor, INVALID_UTF8, serialize, type JsonSchema } from './hostile';

const SEED = Number(process.env.MD_CHAOS_SEED ?? 20261123);
const SCALE = Number(process.env.MD_CHAOS_FUZZ_SCALE ?? 1);
/** fast-check runs per generator and operation (× MD_CHAOS_FUZZ_SCALE). */
const RUNS: Record<string, number> = {
  field: 12,
  missing: 2,
  unknown: 2,
  whole: 3,
  duplicate: 3,
  utf8: 4,
  content_type: 2,
  bytes: 2,
  query: 8,
  path_id: 5,
  header: 2,
};
const runs = (gen: string) => Math.max(1, Math.round(RUNS[gen] * SCALE));

let db: Awaited<ReturnType<typeof chaosDatabase>>;
let srv: TestServer;
let sql: pg.Client;

before(async () => {
  db = await chaosDatabase();
  // No webhook dispatcher or export runner in this server: they write on their own schedule, and
  // the digest below must change only through the request under test (the scanner: see there).
  srv = await startServer({ MD_WEBHOOK_DISPATCHER: 'off', MD_EXPORT_WORKER: 'off' }, { databaseUrl: db.url });
  sql = new pg.Client({ connectionString: srv.env.DATABASE_URL });
  await sql.connect();
});
after(async () => {
  await sql?.end();
  await srv?.stop();
  db?.close();
});

interface DocParam {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface DocOp {
  name: string;
  method: string;
  template: string;
  params: DocParam[];
  body?: JsonSchema;
}
interface Case {
  gen: string;
  path: string;
  method: string;
  key: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  expect?: { status: number; code: string };
}

/** Every table's row count and a hash of its rows: any visible change alters it. */
async function digestQuery(): Promise<string> {
  // The request log and a key's last use record every request, refused ones included, by design
  // (an operator reads refusals in Logs): like the rate budget, they are not the object's data.
  const tables = (
    await sql.query<{ t: string }>(
      `SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
     AND table_name NOT IN ('_prisma_migrations', 'rate_limit_buckets', 'request_logs', 'api_key_usage') ORDER BY 1`,
    )
  ).rows.map((r) => r.t);
  // The dispatcher stamps outbox events and delivery rows on its own: compare their ids only.
  const idsOnly = new Set(['events', 'webhook_deliveries']);
  // The scanner must run (alert fixtures need it) and writes on its own schedule: its cursors and
  // passes are left out, and so are its rows (request ids `req_monitor_…`) and the untouched new
  // alerts it raises. A triage, refused or not, leaves an alert that is no longer untouched.
  const skip = new Set(['monitor_passes', 'watch_cursors', 'audit_chains']);
  const where: Record<string, string> = {
    audit_events: `WHERE x.request_id NOT LIKE 'req_monitor_%'`,
    events: `WHERE x.request_id IS NULL OR x.request_id NOT LIKE 'req_monitor_%'`,
    alerts: `WHERE x.status <> 'new' OR x.triaged_at IS NOT NULL OR x.linked_action_id IS NOT NULL OR x.linked_packet_id IS NOT NULL`,
  };
  return tables
    .filter((t) => !skip.has(t))
    .map(
      (t) =>
        `SELECT '${t}' AS t, count(*) AS n, md5(coalesce(string_agg(${idsOnly.has(t) ? 'x.id' : 'x::text'}, ',' ORDER BY ${idsOnly.has(t) ? 'x.id' : 'x::text'}), '')) AS h FROM "${t}" x ${where[t] ?? ''}`,
    )
    .join(' UNION ALL ');
}

/** Percent-encodes any string as UTF-8 bytes (lone surrogates included, unlike encodeURIComponent). */
const pct = (s: string) =>
  [...Buffer.from(s, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).padStart(2, '0').toUpperCase()}`,
    )
    .join('');

const withSegment = (template: string, concrete: string, param: string, value: string) =>
  template
    .split('/')
    .map((seg, i) => (seg === `{${param}}` ? value : concrete.split('/')[i]))
    .join('/');

/** Valid body bytes with an invalid UTF-8 sequence inside its first string value (or a key). */
function withInvalidUtf8(body: Record<string, unknown>, bad: number[]): Uint8Array {
  const text = JSON.stringify(body);
  const at = text.search(/:"[^"\\]/);
  const cut = at >= 0 ? at + 3 : 2;
  const [head, tail] = text === '{}' ? ['{"note', '":1}'] : [text.slice(0, cut), text.slice(cut)];
  return new Uint8Array([...Buffer.from(head), ...bad, ...Buffer.from(tail)]);
}

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json-seq',
  'application/jsonx',
  'text/json',
  'application/vnd.api+json',
  'application/octet-stream',
];

test('schema-derived fuzzing of every operation of /v1/openapi.json', { timeout: 600_000 }, async () => {
  const admin = client(srv.url, srv.adminKey);
  const kit = await makeKit(admin);
  // Two sibling tenants: X's key asks for Y's objects (siblings never see each other).
  const tenantKey = async (label: string) => {
    const org = await admin.post('/v1/organizations', { name: kit.unique(label), type: 'partner' });
    assert.equal(org.status, 201, JSON.stringify(org.body));
    const key = await admin.post(`/v1/organizations/${org.body.organization_id}/api-keys`, {
      name: 'admin',
      environment: 'sandbox',
      scopes: ['*'],
    });
    assert.equal(key.status, 201, JSON.stringify(key.body));
    return key.body.secret_once as string;
  };
  const xKey = await tenantKey('Tenant X');
  const kitY: Kit = await makeKit(client(srv.url, await tenantKey('Tenant Y')));

  const doc = (await shoot(srv.url, '/v1/openapi.json')).body;
  // Every operation of the registry; the keyless signed download (security: []) has no body or
  // key to fuzz, and its altered links are tested in tests/exports-*.test.ts.
  const ops: DocOp[] = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([template, methods]) =>
    Object.entries(methods)
      .filter(([, o]) => o.security?.length !== 0)
      .map(([m, o]) => ({
        name: o.operationId,
        method: m.toUpperCase(),
        template,
        params: o.parameters ?? [],
        body: o.requestBody?.content?.['application/json']?.schema,
      })),
  );
  const digestSql = await digestQuery();
  type Digest = Map<string, string>;
  const digest = async (): Promise<Digest> =>
    new Map((await sql.query<{ t: string; n: string; h: string }>(digestSql)).rows.map((r) => [r.t, `${r.n}:${r.h}`]));
  const changed = (a: Digest, b: Digest) =>
    [...b]
      .filter(([t, v]) => a.get(t) !== v)
      .map(([t, v]) => `${t} ${a.get(t)?.split(':')[0]}→${v.split(':')[0]} rows`);

  const counts = new Map<string, number>();
  const failures: string[] = [];
  let total = 0;
  let refused = 0;
  let accepted = 0;
  let fivexx = 0;
  let unchangedChecks = 0;

  for (const op of ops) {
    const fixture = fixtureOf(op.name);
    let req: Req;
    try {
      req = await fixture.build(kit);
    } catch (e) {
      failures.push(`${op.name}: fixture: ${(e as Error).message}`);
      continue;
    }
    const body = (req.body ?? {}) as Record<string, unknown>;
    const base = { path: req.path, method: op.method, key: srv.adminKey };
    const props = Object.entries(op.body?.properties ?? {});
    const pathParams = op.params.filter((p) => p.in === 'path');
    const queryParams = op.params.filter((p) => p.in === 'query');
    const headerParams = op.params.filter((p) => p.in === 'header');

    const gens: [string, fc.Arbitrary<Case>][] = [];
    if (op.body) {
      if (props.length) {
        gens.push([
          'field',
          fc
            .constantFrom(...props)
            .chain(([k, s]) =>
              hostileFor(s).map((v) => ({ ...base, gen: 'field', body: serialize({ ...body, [k]: v }) })),
            ),
        ]);
        const required = (op.body.required ?? []).filter((k) => k in body);
        if (required.length) {
          gens.push([
            'missing',
            fc.constantFrom(...required).map((k) => ({
              ...base,
              gen: 'missing',
              body: serialize(Object.fromEntries(Object.entries(body).filter(([f]) => f !== k))),
            })),
          ]);
        }
        gens.push([
          'duplicate',
          fc.tuple(fc.constantFrom(...props), fc.boolean()).chain(([[k, s], hostileLast]) =>
            hostileFor(s).map((v) => {
              const valid = JSON.stringify(body).slice(1, -1);
              const bad = `${JSON.stringify(k)}:${serialize(v)}`;
              const text = hostileLast ? `{${valid}${valid ? ',' : ''}${bad}}` : `{${bad}${valid ? ',' : ''}${valid}}`;
              return { ...base, gen: 'duplicate', body: text };
            }),
          ),
        ]);
      }
      gens.push([
        'unknown',
        fc
          .string({ minLength: 1, maxLength: 20 })
          .filter((k) => !props.some(([p]) => p === k) && !k.includes('\u0000'))
          .map((k) => ({ ...base, gen: 'unknown', body: JSON.stringify({ ...body, [k]: 1 }) })),
      ]);
      gens.push([
        'whole',
        fc
          .oneof(fc.jsonValue({ maxDepth: 3 }), hostileFor({ type: ['array', 'string', 'number', 'boolean', 'null'] }))
          .filter((v) => v === null || typeof v !== 'object' || Array.isArray(v))
          .map((v) => ({ ...base, gen: 'whole', body: serialize(v) })),
      ]);
      gens.push([
        'utf8',
        fc.constantFrom(...INVALID_UTF8).map((bad) => ({
          ...base,
          gen: 'utf8',
          body: withInvalidUtf8(body, bad),
          expect: { status: 400, code: 'invalid_json' },
        })),
      ]);
      gens.push([
        'content_type',
        fc.constantFrom(...CONTENT_TYPES).map((type) => ({
          ...base,
          gen: 'content_type',
          body: JSON.stringify(body),
          headers: { 'Content-Type': type },
          expect: { status: 415, code: 'unsupported_media_type' },
        })),
      ]);
      gens.push([
        'bytes',
        fc.uint8Array({ minLength: 1, maxLength: 64 }).map((b) => ({ ...base, gen: 'bytes', body: b })),
      ]);
    }
    const validBody = op.body ? JSON.stringify(body) : undefined;
    if (queryParams.length) {
      const names = [
        ...queryParams.map((p) => fc.constant(p)),
        fc.string({ minLength: 1, maxLength: 10 }).map((name) => ({ name, in: 'query' }) as DocParam),
      ];
      gens.push([
        'query',
        fc
          .array(
            fc.oneof(...names).chain((p) => hostileFor(p.schema, 0).map((v) => [p.name, v] as const)),
            { minLength: 1, maxLength: 3 },
          )
          .map((pairs) => {
            const qs = pairs.map(([k, v]) => `${pct(k)}=${pct(typeof v === 'string' ? v : serialize(v))}`).join('&');
            return { ...base, gen: 'query', path: `${req.path}?${qs}`, body: validBody };
          }),
      ]);
    } else {
      // An operation without query parameters refuses any, by name (not silently ignored).
      gens.push([
        'query',
        fc
          .tuple(
            fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz_'), minLength: 1, maxLength: 12 }),
            fc.string({ maxLength: 20 }),
          )
          .map(([k, v]) => ({
            ...base,
            gen: 'query',
            path: `${req.path}?${pct(k)}=${pct(v)}`,
            body: validBody,
            expect: { status: 400, code: 'parameter_unknown' },
          })),
      ]);
    }
    if (pathParams.length) {
      // Raw segments (already encoded or dot segments) and arbitrary strings, plus near misses of the real id.
      const RAW_SEGMENTS = ['', '.', '..', '%2e%2e', '%00', '%2F', '%252F', '%ZZ', 'x'.repeat(300), '0', '-1', '1e308'];
      gens.push([
        'path_id',
        fc.constantFrom(...pathParams).chain((p) => {
          const cur = req.path.split('/')[op.template.split('/').indexOf(`{${p.name}}`)];
          const near = [
            cur.toUpperCase(),
            cur.slice(0, -1),
            `${cur}x`,
            `zzz_${cur.slice(cur.indexOf('_') + 1)}`,
            `${cur}\u0000`,
            ` ${cur}`,
          ];
          return fc
            .oneof(
              fc.constantFrom(...RAW_SEGMENTS),
              fc.string({ unit: 'binary', maxLength: 40 }).map(pct),
              fc.constantFrom(...near).map(pct),
            )
            .map((segment) => ({
              ...base,
              gen: 'path_id',
              path: withSegment(op.template, req.path, p.name, segment),
              body: validBody,
            }));
        }),
      ]);
    }
    if (headerParams.length) {
      gens.push([
        'header',
        fc.constantFrom(...headerParams).chain((p) =>
          hostileFor(p.schema, 0)
            .map((v) => (typeof v === 'string' ? v : serialize(v)))
            .filter((v) => /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/.test(v))
            .map((v) => ({ ...base, gen: 'header', headers: { [p.name]: v }, body: validBody })),
        ),
      ]);
    }

    let current: Digest = new Map();
    const check = async (c: Case) => {
      const headers = { ...(c.headers ?? {}) };
      if (c.body !== undefined && typeof c.body !== 'string' && !headers['Content-Type'])
        headers['Content-Type'] = 'application/json';
      const r: Shot = await shoot(srv.url, c.path, {
        method: c.method,
        key: c.key,
        body: c.body,
        headers,
        timeoutMs: 30_000,
      });
      counts.set(op.name, (counts.get(op.name) ?? 0) + 1);
      total++;
      const label = `${op.name} [${c.gen}] ${c.method} ${c.path.slice(0, 120)}`;
      assert.notEqual(r.status, 0, `${label}: connection failed: ${r.error}`);
      if (r.status >= 500) fivexx++;
      assert.ok(
        r.status < 500,
        `${label}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)} body=${String(typeof c.body === 'string' ? c.body : c.body && Buffer.from(c.body).toString('hex')).slice(0, 200)}`,
      );
      if (r.status >= 400) {
        refused++;
        assertErrorShape({ status: r.status, body: r.body, headers: r.headers! }, `${label}: `);
      } else accepted++;
      if (c.expect) {
        assert.equal(
          r.status,
          c.expect.status,
          `${label}: expected ${c.expect.status} ${c.expect.code}, got ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`,
        );
        assert.equal(r.body.error.code, c.expect.code, label);
      }
      if (c.method !== 'GET') {
        const now = await digest();
        if (r.status >= 400) {
          unchangedChecks++;
          const diff = changed(current, now);
          assert.deepEqual(
            diff,
            [],
            `${label}: refused with ${r.status} ${r.body?.error?.code}, yet the database changed: ${diff.join(', ')}`,
          );
        }
        current = now;
      }
    };

    // Another tenant's objects (path and body ids built in Y), asked for with X's key.
    if (fixture.level !== 'none') {
      try {
        // A fixture whose setup needs a console act (a counsel decision) can only be built in the
        // bootstrap admin's organization: then X, its child, asks for its parent's object, which
        // is just as invisible to X as a sibling's.
        const other = await fixture.build(kitY).catch((e: Error) => {
          if (!/fixture setup \(/.test(e.message)) throw e;
          return req;
        });
        current = await digest();
        await check({
          gen: 'tenant',
          path: other.path,
          method: op.method,
          key: xKey,
          body: op.body ? JSON.stringify(other.body ?? {}) : undefined,
          expect: { status: 404, code: 'not_found' },
        });
      } catch (e) {
        failures.push(`${op.name} [tenant]: ${(e as Error).message.slice(0, 600)}`);
      }
    }
    current = await digest();
    for (const [gen, arb] of gens) {
      const out = await fc.check(fc.asyncProperty(arb, check), { numRuns: runs(gen), seed: SEED, endOnFailure: true });
      if (out.failed)
        failures.push(
          `${op.name} [${gen}] (seed ${SEED}): ${String((out.errorInstance as Error)?.message ?? out.errorInstance).slice(0, 800)}`,
        );
    }
  }

  const width = Math.max(...ops.map((o) => o.name.length));
  console.log(
    `requests per operation (seed ${SEED}):\n${ops.map((o) => `  ${o.name.padEnd(width)} ${String(counts.get(o.name) ?? 0).padStart(4)}`).join('\n')}`,
  );
  report('fuzz', {
    operations: ops.length,
    requests: total,
    refused,
    accepted,
    '5xx': fivexx,
    refused_writes_unchanged: unchangedChecks,
    min_per_operation: Math.min(...ops.map((o) => counts.get(o.name) ?? 0)),
    failures: failures.length,
    seed: SEED,
  });
  assert.deepEqual(
    failures.map((f) => f.slice(0, 400)),
    [],
  );
  assert.equal(fivexx, 0);
});
