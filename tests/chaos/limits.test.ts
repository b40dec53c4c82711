/**
 * Scenario 4 — limits under load.
 *
 * - One key above its rate limit answers 429 rate_limited with Retry-After, exactly past the
 *   limit, while another key sending at the same time is unaffected.
 * - A body of exactly 1 MiB and an array of 1,000 items (the largest the contract accepts) are
 *   handled within the latency budget, and do not hold up other requests: a probe client's
 *   latency is measured before and while they run.
 * The operations used are found in /v1/openapi.json (a free-form object field, an array field
 * of at most 1,000 items) and built by the fixture table.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../helpers/server';
import { client } from '../helpers/client';
import { assertErrorShape } from '../helpers/expect';
import { fixtureOf, makeKit, type Kit } from '../helpers/fixtures';
import { chaosDatabase, percentile, pool, report, shoot, sleep, type Shot } from './lib';
import type { JsonSchema } from './hostile';

const LIMIT = 120;
const BURST = 150;
const MIB = 1024 * 1024;
/**
 * The latency budget: a large request is answered within it, and so is every other request
 * while large ones run. (This machine's cores are shared, so the budget is generous; the
 * figures printed show the actual times against the probe's own baseline.)
 */
const LARGE_BUDGET_MS = 3_000;
const PROBE_BUDGET_MS = 3_000;

let db: Awaited<ReturnType<typeof chaosDatabase>>;
let srv: TestServer;
let kit: Kit;
const keys: string[] = [];

before(async () => {
  db = await chaosDatabase();
  srv = await startServer({ MD_RATE_LIMIT_PER_MIN: String(LIMIT) }, { databaseUrl: db.url });
  const admin = client(srv.url, srv.adminKey);
  kit = await makeKit(admin);
  for (let i = 0; i < 4; i++) {
    const k = await admin.post(`/v1/organizations/${kit.orgId}/api-keys`, {
      name: `limits ${i}`,
      environment: 'sandbox',
      scopes: ['*'],
    });
    assert.equal(k.status, 201, JSON.stringify(k.body));
    keys.push(k.body.secret_once);
  }
});
after(async () => {
  await srv?.stop();
  db?.close();
});

test(
  `a key past ${LIMIT}/min answers 429 with Retry-After; another key is unaffected`,
  { timeout: 120_000 },
  async () => {
    const [hot, calm] = keys;
    // The window is the calendar minute: start the burst early in one, so it fits in it.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000) await sleep(60_000 - intoMinute + 200);
    let bursting = true;
    const calmShots: Shot[] = [];
    const calmLoop = (async () => {
      while (bursting) {
        calmShots.push(await shoot(srv.url, '/v1/matters?limit=1', { key: calm }));
        await sleep(40);
      }
    })();
    const hotShots = await pool(Array.from({ length: BURST }), 8, () =>
      shoot(srv.url, '/v1/matters?limit=1', { key: hot }),
    );
    bursting = false;
    await calmLoop;

    const ok = hotShots.filter((s) => s.status === 200).length;
    const limited = hotShots.filter((s) => s.status === 429);
    for (const s of limited) {
      assertErrorShape({ status: s.status, body: s.body, headers: s.headers! });
      assert.equal(s.body.error.code, 'rate_limited');
      const after = Number(s.headers!.get('retry-after'));
      assert.ok(Number.isInteger(after) && after >= 1 && after <= 60, `Retry-After ${s.headers!.get('retry-after')}`);
    }
    report('rate-limit', {
      limit_per_min: LIMIT,
      hot_requests: hotShots.length,
      hot_ok: ok,
      hot_429: limited.length,
      hot_5xx: hotShots.filter((s) => s.status >= 500).length,
      calm_requests: calmShots.length,
      calm_ok: calmShots.filter((s) => s.status === 200).length,
      calm_429: calmShots.filter((s) => s.status === 429).length,
      calm_p99_ms: percentile(
        calmShots.map((s) => s.ms),
        99,
      ),
    });
    assert.equal(ok, LIMIT, 'exactly the limit is served');
    assert.equal(limited.length, BURST - LIMIT, 'every request past the limit answers 429');
    assert.ok(calmShots.length > 0 && calmShots.every((s) => s.status === 200), 'the other key is unaffected');
  },
);

type Doc = {
  paths: Record<
    string,
    Record<string, { operationId: string; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>
  >;
};
const bodiesOf = (doc: Doc) =>
  Object.values(doc.paths).flatMap((methods) =>
    Object.entries(methods).map(([m, o]) => ({
      name: o.operationId,
      method: m.toUpperCase(),
      props: Object.entries(o.requestBody?.content['application/json']?.schema.properties ?? {}),
    })),
  );

test(
  'a 1 MiB body and a 1,000-item array are answered within budget without holding up other requests',
  { timeout: 180_000 },
  async () => {
    const [, , big, probeKey] = keys;
    const doc = (await shoot(srv.url, '/v1/openapi.json')).body as Doc;
    const probePath = `/v1/matters/${await kit.matter()}`;
    const probe = () => shoot(srv.url, probePath, { key: probeKey });
    const baseline: Shot[] = [];
    for (let i = 0; i < 15; i++) baseline.push(await probe());

    // Candidates from the document: a free-form object field (filled to exactly 1 MiB), and an
    // array field of at most 1,000 items (filled with 1,000 copies of the fixture's first item).
    const ops = bodiesOf(doc);
    const freeForm = ops.flatMap((o) =>
      o.props
        .filter(([, s]) => s.type === 'object' && !s.properties && s.additionalProperties !== false)
        .map(([f]) => ({ ...o, field: f })),
    );
    // Arrays of objects first: the heavier case.
    const arrays = ops
      .flatMap((o) =>
        o.props
          .filter(([, s]) => s.type === 'array' && s.maxItems === 1000)
          .map(([f, s]) => ({ ...o, field: f, objects: s.items?.type === 'object' })),
      )
      .sort((a, b) => Number(b.objects) - Number(a.objects));

    const during: (Shot & { at: number })[] = [];
    let running = true;
    const probing = (async () => {
      // Paced, so the probe key stays far below its own rate limit.
      while (running) {
        const at = performance.now();
        during.push({ ...(await probe()), at });
        await sleep(50);
      }
    })();
    const large: { what: string; shot: Shot; bytes: number; at: number }[] = [];
    try {
      for (const c of freeForm) {
        const req = await fixtureOf(c.name).build(kit);
        const body: Record<string, unknown> = { ...(req.body ?? {}), [c.field]: {} };
        const filler: Record<string, string> = {};
        body[c.field] = filler;
        // 10,000-character values (the per-string limit), the last one trimmed to land on 1 MiB exactly.
        for (let i = 0; Buffer.byteLength(JSON.stringify(body)) < MIB; i++) filler[`k${i}`] = 'a'.repeat(10_000);
        const last = Object.keys(filler).at(-1)!;
        filler[last] = filler[last].slice(0, filler[last].length - (Buffer.byteLength(JSON.stringify(body)) - MIB));
        const text = JSON.stringify(body);
        assert.equal(Buffer.byteLength(text), MIB);
        const at = performance.now();
        const shot = await shoot(srv.url, req.path, { method: c.method, key: big, body: text });
        large.push({ what: `${c.name}.${c.field} 1 MiB`, shot, bytes: MIB, at });
        if (shot.status < 300) break;
      }
      for (const c of arrays) {
        const req = await fixtureOf(c.name).build(kit);
        const items = (req.body as Record<string, unknown> | undefined)?.[c.field];
        if (!Array.isArray(items) || !items.length) continue;
        const text = JSON.stringify({ ...req.body, [c.field]: Array.from({ length: 1000 }, () => items[0]) });
        const at = performance.now();
        const shot = await shoot(srv.url, req.path, { method: c.method, key: big, body: text });
        large.push({ what: `${c.name}.${c.field}[1000]`, shot, bytes: Buffer.byteLength(text), at });
        if (shot.status < 300) break;
      }
    } finally {
      running = false;
      await probing;
    }

    const served = (kind: string) =>
      large.filter((l) => l.what.includes(kind) && l.shot.status >= 200 && l.shot.status < 300);
    report('large-bodies', {
      large_requests: large.length,
      large_5xx: large.filter((l) => l.shot.status >= 500).length,
      // Per large request: its status and time, and the slowest probe answer that overlapped it.
      ...Object.fromEntries(
        large.map((l) => {
          const overlap = during.filter((p) => p.at < l.at + l.shot.ms && p.at + p.ms > l.at).map((p) => p.ms);
          return [
            `${l.what.replace(/\s+/g, '_')}`,
            `${l.shot.status}/${Math.round(l.shot.ms)}ms/probe_max_${Math.round(Math.max(0, ...overlap))}ms`,
          ];
        }),
      ),
      probe_baseline_p50_ms: percentile(
        baseline.map((s) => s.ms),
        50,
      ),
      probe_baseline_max_ms: Math.max(...baseline.map((s) => s.ms)),
      probe_during: during.length,
      probe_during_p50_ms: percentile(
        during.map((s) => s.ms),
        50,
      ),
      probe_during_max_ms: Math.max(...during.map((s) => s.ms)),
      probe_non_200: during.filter((s) => s.status !== 200).length,
    });
    assert.ok(
      served('1 MiB').length,
      `a 1 MiB body is served: ${large.map((l) => `${l.what} ${l.shot.status} ${JSON.stringify(l.shot.body).slice(0, 200)}`).join('; ')}`,
    );
    assert.ok(
      served('[1000]').length,
      `a 1,000-item array is served: ${large.map((l) => `${l.what} ${l.shot.status}`).join('; ')}`,
    );
    for (const l of large) {
      assert.ok(l.shot.status > 0 && l.shot.status < 500, `${l.what}: ${l.shot.status}`);
      assert.ok(l.shot.ms < LARGE_BUDGET_MS, `${l.what} took ${Math.round(l.shot.ms)} ms (budget ${LARGE_BUDGET_MS})`);
    }
    assert.ok(during.length >= large.length, 'the probe kept being served while the large requests ran');
    assert.ok(
      during.every((s) => s.status === 200),
      'the probe was answered 200 throughout',
    );
    assert.ok(
      Math.max(...during.map((s) => s.ms)) < PROBE_BUDGET_MS,
      `probe max ${Math.round(Math.max(...during.map((s) => s.ms)))} ms (budget ${PROBE_BUDGET_MS})`,
    );
  },
);
