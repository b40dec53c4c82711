/**
 * The performance issue's graph: an attribution graph of a matter with 1,000 claims answers
 * within 2 s of the server's main-thread CPU while `/healthz` keeps answering (the server's own
 * work never held its event loop 300 ms in one piece, 1 s on PGlite:
 * tests/helpers/loop-probe.ts), built and read back. The claims are the worst case (1,000
 * subjects each said to control one address: every claim contradicts every other), seeded in
 * SQL (bench/matter-rows-seed.ts). Wall time and the body's size are printed beside the CPU
 * (bench/suites/attribution-graph.ts times them on a quiet machine).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './helpers/server';
import { client, type Client } from './helpers/client';
import { expectStatus } from './helpers/expect';
import { makeKit, type Kit } from './helpers/fixtures';
import { evmAddress } from './helpers/fixtures-chain';
import { DocValidator } from './helpers/openapi-validate';
import { whileProbing } from './helpers/loop-probe';
import { seedContestedClaims } from '../bench/matter-rows-seed';

/** The bound, here of the server's main-thread CPU. */
const BOUND_MS = 2000;
const CLAIMS = 1000;

let srv: TestServer;
let c: Client;
let kit: Kit;
let doc: DocValidator;

before(async () => {
  srv = await startServer();
  c = client(srv.url, srv.adminKey);
  kit = await makeKit(c);
  doc = new DocValidator((await c.get('/v1/openapi.json')).body);
});
after(async () => srv?.stop());

test(`a graph of ${CLAIMS} claims: built and read within the bound, /healthz not stalled`, async (t) => {
  const m = await kit.matter();
  const target = evmAddress();
  await seedContestedClaims(srv.sql.bind(srv), m, CLAIMS, target);
  // Warm both routes (their modules load on the first request), so the probes measure the work.
  expectStatus(await c.post('/v1/attribution/graph', {}), 400);
  expectStatus(await c.get('/v1/attribution/graphs/gra_000000000000000000000000'), 404);

  const built = await whileProbing(srv, () =>
    c.post('/v1/attribution/graph', { matter_id: m, include_contradictions: true }),
  );
  expectStatus(built.result, 200);
  const g = built.result.body;
  const bytes = Buffer.byteLength(JSON.stringify(g));
  t.diagnostic(
    `POST: ${built.ms.toFixed(0)} ms, main-thread CPU ${built.cpu ?? '?'} ms, ${(bytes / 1024).toFixed(0)} KiB, ${built.probes.length} /healthz probes, slowest ${built.maxProbeMs.toFixed(1)} ms`,
  );
  doc.check('POST', '/v1/attribution/graph', built.result, 'graph');
  assert.equal(g.claims.length, CLAIMS);
  assert.equal(g.confidence_matrix.length, CLAIMS);
  assert.equal(g.contradiction_summary.claims, CLAIMS);
  assert.deepEqual(built.stalls, [], built.summary);
  if (built.cpu !== null) assert.ok(built.cpu < BOUND_MS, `main-thread CPU ${built.cpu} ms; ${built.summary}`);

  const read = await whileProbing(srv, () => c.get(`/v1/attribution/graphs/${g.graph_id}`));
  expectStatus(read.result, 200);
  t.diagnostic(
    `GET: ${read.ms.toFixed(0)} ms, main-thread CPU ${read.cpu ?? '?'} ms, ${read.probes.length} /healthz probes`,
  );
  const strip = ({ audit_ref: _, ...rest }: Record<string, unknown>) => rest;
  assert.deepEqual(strip(read.result.body), strip(g), 'the stored graph reads back as built');
  assert.deepEqual(read.stalls, [], read.summary);
  if (read.cpu !== null) assert.ok(read.cpu < BOUND_MS, `main-thread CPU ${read.cpu} ms; ${read.summary}`);
});
