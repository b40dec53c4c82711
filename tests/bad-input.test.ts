/**
 * Bad input over every registered operation: every field of every body with a wrong type, an
 * unknown field, malformed JSON, a wrong Content-Type, an oversized body, too many array items,
 * too long strings, NUL characters; bad paging and filters on every list; malformed ids in every
 * path. Each answer is a 4xx from the closed table in the contract's error shape — never a 500
 * (the last test checks every response this file received).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { z } from 'zod';
import { allOperations } from '../src/server/operations/index';
import type { Operation } from '../src/server/operations/define';
import { startServer, VERSION, type TestServer } from './helpers/server';
import { client, type Client, type Res } from './helpers/client';
import { assertErrorShape, expectError, expectStatus } from './helpers/expect';
import { fixtureOf, makeKit, type Kit, type Req } from './helpers/fixtures';

let srv: TestServer;
let c: Client;
let kit: Kit;
const seen: { status: number; method: string; path: string; body: unknown; res: Res }[] = [];
const notes: string[] = [];

before(async () => {
  srv = await startServer();
  c = client(srv.url, srv.adminKey, (res, method, path) =>
    seen.push({ status: res.status, method, path, body: res.body, res }),
  );
  kit = await makeKit(c);
});
after(async () => srv?.stop());

// ---- zod introspection: the registry's schemas say which fields exist and what they accept ----
type Schema = z.ZodType & { def: any };
const unwrap = (s: Schema): Schema => {
  let t = s;
  for (;;) {
    const ty = t.def.type;
    if (ty === 'optional' || ty === 'nullable' || ty === 'default' || ty === 'readonly' || ty === 'catch')
      t = t.def.innerType;
    else if (ty === 'pipe') t = t.def.in;
    else return t;
  }
};
const shapeOf = (s: z.ZodType | null): Record<string, Schema> => ((s as any)?.shape ?? {}) as Record<string, Schema>;
const kindOf = (s: Schema): string => unwrap(s).def.type;
const isFreeObject = (s: Schema) => {
  const u = unwrap(s);
  return (
    u.def.type === 'record' ||
    (u.def.type === 'intersection' && [u.def.left, u.def.right].some((x: Schema) => unwrap(x).def.type === 'record'))
  );
};
const isStrictObject = (s: Schema) => {
  const u = unwrap(s);
  return u.def.type === 'object' && u.def.catchall?.def?.type === 'never';
};
const rejects = (schema: z.ZodType, value: unknown) => !schema.safeParse(value).success;

const WRONG_VALUES: unknown[] = [12345, 'not-a-valid-value', true, ['x'], { x: 1 }];
const paramOf = (r: Res) => String(r.body?.error?.param ?? '');
const under = (param: string, field: string) =>
  param === field || param.startsWith(`${field}.`) || param.startsWith(`${field}[`);

/** Fills every `{name}` of a path template from the concrete path. */
function pathIds(op: Operation, path: string): Record<string, string> {
  const tpl = op.path.split('/');
  const got = path.split('/');
  return Object.fromEntries(
    tpl
      .map((seg, i) => [seg, got[i]] as const)
      .filter(([seg]) => /^\{\w+\}$/.test(seg))
      .map(([seg, v]) => [seg.slice(1, -1), v]),
  );
}
const withId = (op: Operation, req: Req, name: string, value: string) =>
  op.path
    .split('/')
    .map((seg, i) => (seg === `{${name}}` ? value : req.path.split('/')[i]))
    .join('/');

/**
 * One built request per operation for the whole file. Every check here is refused before any
 * effect, or only reads, so the objects a fixture created stay as built, and the four sweeps
 * below need not build each operation's objects four times (a quarter of this file's time).
 */
const built = new Map<string, Promise<Req>>();
function requestFor(op: Operation): Promise<Req> {
  let req = built.get(op.name);
  if (!req) built.set(op.name, (req = fixtureOf(op.name).build(kit)));
  return req;
}

const send = (op: Operation, path: string, body: unknown, headers?: Record<string, string>) =>
  c.call(op.method, path, body, headers);

// Every body check is refused by validation before any effect, whatever the database: the
// sweep runs in the PostgreSQL pass only, where it takes a third of its time on PGlite.
const onPostgres = {
  skip: process.env.DATABASE_URL ? false : 'refused before any effect: runs in the PostgreSQL pass',
};
describe('bodies', onPostgres, () => {
  for (const op of allOperations.filter((o) => o.body)) {
    test(`${op.name}: ${op.method} ${op.path}`, async (t) => {
      // Every check below is refused before any effect, so one built request serves them all.
      const req = await requestFor(op);
      const body = req.body ?? {};
      const shape = shapeOf(op.body);
      assert.ok(
        Object.keys(shape).length || Object.keys(body).length === 0,
        `${op.name}: body schema is not an object`,
      );

      await t.test('a wrong type in each top-level field → 400 parameter_invalid naming the field', async () => {
        for (const [field, schema] of Object.entries(shape)) {
          const wrong = WRONG_VALUES.find((v) => rejects(op.body!, { ...body, [field]: v }));
          if (wrong === undefined) {
            notes.push(`${op.name}.${field}: accepts any JSON value`);
            continue;
          }
          const r = await send(op, req.path, { ...body, [field]: wrong });
          expectError(r, 400, 'parameter_invalid', { label: `${op.name}.${field} = ${JSON.stringify(wrong)}` });
          assert.ok(under(paramOf(r), field), `${op.name}.${field}: param was '${paramOf(r)}'`);
          void schema;
        }
      });

      await t.test('an unknown field → 400 parameter_unknown with param', async () => {
        expectError(await send(op, req.path, { ...body, no_such_field: 'x' }), 400, 'parameter_unknown', {
          param: 'no_such_field',
        });
        expectError(await send(op, req.path, { ...body, constructor: 'x' }), 400, 'parameter_unknown', {
          param: 'constructor',
        });
        const rest = JSON.stringify(body).slice(1);
        const proto = `{"__proto__":{"polluted":true}${rest === '}' ? '' : ','}${rest}`;
        expectError(await send(op, req.path, proto), 400, 'parameter_unknown', { param: '__proto__' });
        for (const [field, schema] of Object.entries(shape)) {
          if (isStrictObject(schema)) {
            const r = await send(op, req.path, { ...body, [field]: { ...((body[field] as object) ?? {}), bogus: 1 } });
            expectError(r, 400, 'parameter_unknown', { param: `${field}.bogus` });
          }
          const u = unwrap(schema);
          if (
            u.def.type === 'array' &&
            isStrictObject(u.def.element) &&
            Array.isArray(body[field]) &&
            (body[field] as unknown[]).length
          ) {
            const items = [{ ...(body[field] as object[])[0], bogus: 1 }];
            expectError(await send(op, req.path, { ...body, [field]: items }), 400, 'parameter_unknown', {
              param: `${field}[0].bogus`,
            });
          }
        }
      });

      await t.test('malformed JSON → 400 invalid_json', async () => {
        for (const text of [
          '{"name": ',
          '{name: 1}',
          '{"a":1,}',
          "{'a':1}",
          '{"a":1}}',
          '[1,2]',
          '"text"',
          '42',
          'null',
          'true',
          '\u0000',
        ]) {
          expectError(await send(op, req.path, text), 400, 'invalid_json', { label: JSON.stringify(text) });
        }
      });

      await t.test('a wrong Content-Type → 415 unsupported_media_type', async () => {
        for (const type of [
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/jsonp',
          'application/json-patch+json',
          'application/xml',
        ]) {
          expectError(
            await send(op, req.path, JSON.stringify(body), { 'Content-Type': type }),
            415,
            'unsupported_media_type',
            { label: type },
          );
        }
      });

      await t.test('a body over 1 MiB → 413 body_too_large (declared or streamed)', async () => {
        const big = JSON.stringify({ ...body, padding: 'a'.repeat(1024 * 1024) });
        expectError(await send(op, req.path, big), 413, 'body_too_large');
        // Streamed without Content-Length: the cap is counted while reading.
        const chunk = new TextEncoder().encode('a'.repeat(64 * 1024));
        let sent = 0;
        const stream = new ReadableStream<Uint8Array>({
          pull(ctl) {
            if (sent === 0) ctl.enqueue(new TextEncoder().encode('{"padding":"'));
            if (sent > 1.2 * 1024 * 1024) {
              ctl.enqueue(new TextEncoder().encode('"}'));
              ctl.close();
              return;
            }
            sent += chunk.byteLength;
            ctl.enqueue(chunk);
          },
        });
        const res = await fetch(srv.url + req.path, {
          method: op.method,
          body: stream,
          duplex: 'half',
          headers: {
            Authorization: `Bearer ${srv.adminKey}`,
            'MD-Version': VERSION,
            'Content-Type': 'application/json',
          },
        } as RequestInit);
        const streamed: Res = { status: res.status, body: await res.json(), headers: res.headers };
        seen.push({ status: res.status, method: op.method, path: req.path, body: streamed.body, res: streamed });
        expectError(streamed, 413, 'body_too_large', { label: 'streamed' });
      });

      await t.test('an array with 1,001 items → 400 parameter_invalid', async (tt) => {
        let checked = 0;
        for (const [field, schema] of Object.entries(shape)) {
          if (kindOf(schema) === 'array') {
            const item =
              Array.isArray(body[field]) && (body[field] as unknown[]).length ? (body[field] as unknown[])[0] : 'x';
            expectError(
              await send(op, req.path, { ...body, [field]: Array.from({ length: 1001 }, () => item) }),
              400,
              'parameter_invalid',
              { param: field },
            );
            checked++;
          } else if (isFreeObject(schema)) {
            const list = Array.from({ length: 1001 }, (_, i) => i);
            expectError(
              await send(op, req.path, { ...body, [field]: { ...((body[field] as object) ?? {}), list } }),
              400,
              'parameter_invalid',
              { param: `${field}.list` },
            );
            checked++;
          }
        }
        if (!checked) {
          tt.diagnostic('no array or free-form object field');
          notes.push(`${op.name}: no array or free-form object field for the 1,001-item check`);
        }
      });

      await t.test('a 10,001-character string, or one with a NUL character → 400 parameter_invalid', async (tt) => {
        let checked = 0;
        for (const [field, schema] of Object.entries(shape)) {
          if (kindOf(schema) === 'string') {
            expectError(await send(op, req.path, { ...body, [field]: 'a'.repeat(10_001) }), 400, 'parameter_invalid', {
              param: field,
              label: `${field} 10,001 chars`,
            });
            expectError(await send(op, req.path, { ...body, [field]: 'a\u0000b' }), 400, 'parameter_invalid', {
              param: field,
              label: `${field} NUL`,
            });
            checked++;
          } else if (isFreeObject(schema)) {
            const base = (body[field] as object) ?? {};
            expectError(
              await send(op, req.path, { ...body, [field]: { ...base, note: 'a'.repeat(10_001) } }),
              400,
              'parameter_invalid',
              { param: `${field}.note` },
            );
            expectError(
              await send(op, req.path, { ...body, [field]: { ...base, note: 'a\u0000b' } }),
              400,
              'parameter_invalid',
              { param: `${field}.note` },
            );
            expectError(
              await send(op, req.path, { ...body, [field]: { ...base, 'bad\u0000key': 1 } }),
              400,
              'parameter_invalid',
              { label: `${field} NUL key` },
            );
            checked++;
          }
        }
        if (!checked) tt.diagnostic('no string field');
      });

      if (op.idem) {
        await t.test('an Idempotency-Key that is empty or over 255 characters → 400 parameter_invalid', async () => {
          for (const k of ['', 'k'.repeat(256)]) {
            expectError(await send(op, req.path, body, { 'Idempotency-Key': k }), 400, 'parameter_invalid', {
              param: 'Idempotency-Key',
              label: `key of ${k.length}`,
            });
          }
        });
      }
    });
  }
});

describe('query strings', () => {
  for (const op of allOperations) {
    test(`${op.name}: ${op.method} ${op.path}`, async (t) => {
      const req = await requestFor(op);
      const q = (query: string) => send(op, `${req.path}?${query}`, req.body);

      await t.test('an unknown query parameter → 400 parameter_unknown', async () => {
        expectError(await q('colour=red'), 400, 'parameter_unknown', { param: 'colour' });
      });
      await t.test('an unsupported MD-Version → 400 invalid_version', async () => {
        expectError(await send(op, req.path, req.body, { 'MD-Version': '2019-01-01' }), 400, 'invalid_version');
      });
      if (!op.query) return;
      // Only lists page; another query (the ledger balance's as_of) has filters alone.
      const pages = 'limit' in shapeOf(op.query);
      if (!pages) {
        await t.test('paging parameters on a query that does not page → 400 parameter_unknown', async () => {
          for (const p of ['limit', 'starting_after'])
            expectError(await q(`${p}=1`), 400, 'parameter_unknown', { param: p });
        });
      }

      if (pages)
        await t.test('limit outside 1–100 or not an integer → 400 parameter_invalid', async () => {
          for (const v of ['0', '101', 'abc', '1.5', '-1', '', '1e3', '99999999999999999999']) {
            expectError(await q(`limit=${v}`), 400, 'parameter_invalid', { param: 'limit', label: `limit=${v}` });
          }
          for (const v of ['1', '100']) expectStatus(await q(`limit=${v}`), 200, `limit=${v}`);
        });
      if (pages)
        await t.test(
          'both cursors at once, or a cursor not in the list → 400 parameter_invalid, never 500',
          async () => {
            const id = 'mtr_000000000000000000000000';
            expectError(await q(`starting_after=${id}&ending_before=${id}`), 400, 'parameter_invalid');
            expectError(await q(`starting_after=${'x'.repeat(101)}`), 400, 'parameter_invalid', {
              param: 'starting_after',
            });
            expectError(await q('starting_after=%00'), 400, 'parameter_invalid', { param: 'starting_after' });
            expectError(await q('ending_before=a%00b'), 400, 'parameter_invalid', { param: 'ending_before' });
            // A cursor that is not an id, or an id not in the list, is the client's mistake (Stripe: 400
            // naming it), never an empty page that reads as the end of the list.
            for (const cursor of [id, 'zzz', '%F0%9F%92%A5', "'%20OR%201=1--"])
              expectError(await q(`starting_after=${cursor}`), 400, 'parameter_invalid', {
                param: 'starting_after',
                label: `cursor ${cursor}`,
              });
          },
        );
      await t.test('a bad filter value → 400 parameter_invalid naming the filter', async (tt) => {
        const filters = Object.keys(shapeOf(op.query)).filter(
          (f) => !['limit', 'starting_after', 'ending_before'].includes(f),
        );
        if (!filters.length) tt.diagnostic('no filters');
        for (const f of filters) {
          const bad = ['not_a_value', 'not-a-date'].find((v) => rejects(op.query!, { [f]: v }));
          if (bad) expectError(await q(`${f}=${bad}`), 400, 'parameter_invalid', { param: f, label: `${f}=${bad}` });
          expectError(await q(`${f}=a%00b`), 400, 'parameter_invalid', { param: f, label: `${f} NUL` });
          expectError(await q(`${f}=${'a'.repeat(10_001)}`), 400, 'parameter_invalid', {
            param: f,
            label: `${f} long`,
          });
        }
      });
    });
  }
});

describe('paths', () => {
  for (const op of allOperations.filter((o) => o.pathParams.length)) {
    test(`${op.name}: malformed or unknown ids → 404 not_found`, async () => {
      const req = await requestFor(op);
      const ids = pathIds(op, req.path);
      for (const name of op.pathParams) {
        const real = ids[name];
        const prefix = real.split('_')[0];
        const variants = [
          'not-an-id',
          `${prefix}_`,
          `${prefix}_short`,
          `${prefix}_${'0'.repeat(24)}`,
          `zzz_${real.split('_')[1]}`,
          `${real}x`,
          real.slice(0, -1),
          real.toUpperCase(),
          'x'.repeat(300),
          '%00',
          `${real}%00`,
          '%C3%BC%C3%B1%C3%AF',
          "'%20OR%20'1'='1",
          '%2F',
          'a%2Fb',
        ];
        for (const v of variants) {
          const r = await send(op, withId(op, req, name, v), req.body);
          assert.equal(r.status, 404, `${op.name} ${name}=${v}: ${r.status} ${JSON.stringify(r.body)}`);
          assertErrorShape(r, `${op.name} ${name}=${v}: `);
          assert.ok(
            ['not_found', 'route_not_found'].includes(r.body.error.code),
            `${op.name} ${name}=${v}: ${r.body.error.code}`,
          );
        }
      }
    });
  }
});

describe('methods', () => {
  test('a method no operation serves on a served path answers in the error format', async () => {
    for (const op of allOperations) {
      const req = await requestFor(op);
      for (const method of ['PUT', 'DELETE', 'PATCH', 'POST', 'GET']) {
        if (
          allOperations.some(
            (o) =>
              o.method === method &&
              o.pathParams.length === op.pathParams.length &&
              new RegExp(`^${o.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(req.path),
          )
        )
          continue;
        const r = await c.call(method, req.path, method === 'GET' || method === 'DELETE' ? undefined : {});
        expectError(r, 404, 'route_not_found', { label: `${method} ${req.path}` });
      }
    }
  });
});

test('a search filter matches its text literally: % and _ are not wildcards', async () => {
  const tag = kit.unique('lit');
  for (const name of [`${tag} 100% done`, `${tag} snake_case`, `${tag} plain`]) {
    expectStatus(await c.post('/v1/matters', { name, mode: 'enforcement' }), 201);
  }
  const names = async (q: string) =>
    (await c.get(`/v1/matters?limit=100&name=${encodeURIComponent(q)}`)).body.data.map((m: any) => m.name).sort();
  assert.deepEqual(await names(`${tag} 100%`), [`${tag} 100% done`]);
  assert.deepEqual(await names(`${tag} %`), []);
  assert.deepEqual(await names(`${tag} snake_`), [`${tag} snake_case`]);
  assert.deepEqual(await names(`${tag} sn_ke`), []);
  assert.deepEqual(await names(`${tag} \\`), []);
  assert.deepEqual(await names(`${tag} PLAIN`), [`${tag} plain`]);
});

test('/v1 itself and unknown paths below it answer 404 route_not_found in the error format', async () => {
  for (const p of ['/v1', '/v1/', '/v1/nope', '/v1/matters/mtr_000000000000000000000000/nope', '/v1/matters/..']) {
    for (const method of ['GET', 'POST', 'DELETE']) {
      expectError(await c.call(method, p, method === 'POST' ? {} : undefined), 404, 'route_not_found', {
        label: `${method} ${p}`,
      });
    }
  }
});

test('no request in this file was answered with a 5xx, and every error had the contract’s shape', (t) => {
  for (const n of notes) t.diagnostic(n);
  const fives = seen.filter((s) => s.status >= 500);
  assert.deepEqual(
    fives.map((s) => `${s.status} ${s.method} ${s.path}`),
    [],
  );
  for (const s of seen.filter((x) => x.status >= 400)) assertErrorShape(s.res, `${s.method} ${s.path}: `);
  t.diagnostic(`${seen.length} responses checked`);
});
