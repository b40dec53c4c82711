/**
 * The rate limit across processes (src/server/http/rate-budget.ts): two `next start`
 * processes on one PostgreSQL database share a key's budget. Tokens are leased in batches, so
 * the limit is never exceeded, and a key is refused early by at most the tokens another
 * process holds: (processes - 1) × batch, where batch ≤ max(1, min(64, limit / 16)).
 * Run with the counter in PostgreSQL, and in Redis (REDIS_URL, when a server answers at
 * 127.0.0.1:6379).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { startServer, type TestServer } from './helpers/server';
import { startPeer, type PeerServer } from './helpers/peer-server';
import { client } from './helpers/client';
import { expectStatus } from './helpers/expect';

const onPostgres = !!process.env.DATABASE_URL;
const LIMIT = 200;
const TOLERANCE = Math.max(1, Math.min(64, Math.floor(LIMIT / 16))); // one other process
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function redisAnswers(): Promise<boolean> {
  const u = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const s = net.connect(Number(u.port || 6379), u.hostname, () => {
      s.end();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });
}

function suite(label: string, env: () => Promise<Record<string, string> | null>) {
  describe(label, { skip: !onPostgres && 'needs PostgreSQL (PGlite is one process)' }, () => {
    let srv: TestServer;
    let peer: PeerServer;
    let skip = false;
    before(async () => {
      const extra = await env();
      if (!extra) {
        skip = true;
        return;
      }
      srv = await startServer({ ...extra, MD_RATE_LIMIT_PER_MIN: String(LIMIT) });
      peer = await startPeer(srv);
    });
    after(async () => {
      await peer?.stop();
      await srv?.stop();
    });

    test(`a key gets at most ${LIMIT} requests a minute across both processes, and at least ${LIMIT - TOLERANCE}`, async (t) => {
      if (skip) return t.skip('no Redis server answers');
      const admin = client(srv.url, srv.adminKey);
      const root = (await admin.get('/v1/organizations')).body.data.find((o: any) => !o.parent_id).organization_id;
      const r = await admin.post(`/v1/organizations/${root}/api-keys`, { name: 'shared budget', scopes: ['*'] });
      expectStatus(r, 201);
      // The whole burst must fall in one fixed minute.
      const left = 60_000 - (Date.now() % 60_000);
      if (left < 25_000) await sleep(left + 200);
      const a = client(srv.url, r.body.secret_once);
      const b = client(peer.url, r.body.secret_once);
      let ok = 0;
      let limited = 0;
      // 8 concurrent callers, alternating between the processes, well past the limit.
      let i = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (i < LIMIT * 2) {
            const c = i++ % 2 ? a : b;
            const res = await c.get('/v1/health');
            if (res.status === 200) ok++;
            else if (res.status === 429) limited++;
            else assert.fail(`unexpected ${res.status}`);
          }
        }),
      );
      assert.ok(ok <= LIMIT, `${ok} requests admitted, limit ${LIMIT}`);
      assert.ok(ok >= LIMIT - TOLERANCE, `${ok} requests admitted, expected at least ${LIMIT - TOLERANCE}`);
      assert.equal(ok + limited, LIMIT * 2);
      // The budget is spent for both processes.
      assert.equal((await a.get('/v1/health')).status, 429);
      assert.equal((await b.get('/v1/health')).status, 429);
    });
  });
}

suite('counter in PostgreSQL', async () => ({}));
suite('counter in Redis', async () => ((await redisAnswers()) ? { REDIS_URL } : null));
