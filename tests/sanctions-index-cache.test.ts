/**
 * The SDN index kept between starts (src/server/services/sanctions/index-cache.ts): read back, it
 * is the index a fresh build makes and screens names the same way; any change to the build or to
 * an input file builds it again; a corrupt or unwritable cache never stops screening; and the
 * built server keeps its index there.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { screenName, type SdnIndex } from '../src/server/domain/sanctions/sdn-list';
import { DATASET_PARTS } from '../src/server/domain/sanctions/sdn-dataset';
import { cachedIndex, type IndexCache } from '../src/server/services/sanctions/index-cache';
import { loadSdnIndex } from '../src/server/services/sanctions/sdn-data';
import { client } from './helpers/client';
import { expectStatus } from './helpers/expect';
import { makeKit } from './helpers/fixtures';
import { startServer } from './helpers/server';

const root = path.resolve(import.meta.dirname, '..');
const scratch = mkdtempSync(path.join(tmpdir(), 'md-index-cache-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

describe('cachedIndex', () => {
  const input = path.join(scratch, 'list.txt');
  const counting = () => {
    let builds = 0;
    const build = () => ({ built: ++builds, names: new Map([['ACME', [1, 2]]]) });
    return { build, count: () => builds };
  };

  test('built once, then read back whole; a new build id or changed input builds again', () => {
    writeFileSync(input, 'one');
    const cache: IndexCache = { dir: path.join(scratch, 'c1'), buildId: 'build-a' };
    const b = counting();
    const first = cachedIndex(cache, 'x', [input], b.build);
    const again = cachedIndex(cache, 'x', [input], b.build);
    assert.equal(b.count(), 1);
    assert.deepEqual(again, first, 'the Map survives the round trip');
    assert.equal(readdirSync(cache.dir!).length, 1);

    cachedIndex({ ...cache, buildId: 'build-b' }, 'x', [input], b.build);
    assert.equal(b.count(), 2, 'another build of the code');
    writeFileSync(input, 'two');
    cachedIndex({ ...cache, buildId: 'build-b' }, 'x', [input], b.build);
    assert.equal(b.count(), 3, 'a replaced input file');
    assert.equal(readdirSync(cache.dir!).length, 1, 'older files of the same index are removed');
  });

  test('a corrupt file, an unreadable input, an unwritable folder or no folder: built, never thrown', () => {
    writeFileSync(input, 'three');
    const cache: IndexCache = { dir: path.join(scratch, 'c2'), buildId: 'b' };
    const b = counting();
    cachedIndex(cache, 'x', [input], b.build);
    const [file] = readdirSync(cache.dir!);
    writeFileSync(path.join(cache.dir!, file), 'not an index');
    assert.equal(cachedIndex(cache, 'x', [input], b.build).built, 2);
    assert.equal(cachedIndex(cache, 'x', [path.join(scratch, 'missing')], b.build).built, 3);
    const blocked = path.join(scratch, 'a-file');
    writeFileSync(blocked, '');
    assert.equal(cachedIndex({ dir: path.join(blocked, 'sub'), buildId: 'b' }, 'x', [input], b.build).built, 4);
    assert.equal(cachedIndex({ dir: null, buildId: '' }, 'x', [input], b.build).built, 5);
  });
});

describe('the shipped SDN index through the cache', () => {
  test('read back, it equals a fresh build and screens names the same way', () => {
    const files = DATASET_PARTS.map((p) => path.join(root, p.file));
    const cache: IndexCache = { dir: path.join(scratch, 'sdn'), buildId: 'test' };
    const fresh = cachedIndex(cache, 'sdn', files, () => loadSdnIndex(root));
    const read = cachedIndex<SdnIndex>(cache, 'sdn', files, () => assert.fail('read from the file, not built'));
    assert.notEqual(read, fresh);
    assert.equal(read.entries.length, 18367);
    assert.deepEqual(read.dataset, fresh.dataset);
    assert.equal(read.dataset.as_of, '2025-11-19');
    assert.deepEqual(read, fresh);
    // An entity, a person in both word orders, two groups (sanctions-domain.test.ts has their sources).
    for (const name of ['Banco Nacional de Cuba', 'KIM Jong Un', 'Jong Un Kim', 'Lazarus Group', 'Hydra Market']) {
      assert.deepEqual(screenName(read, name), screenName(fresh, name), name);
    }
  });
});

describe('the built server', () => {
  test('keeps its index under .next/cache/md-index, keyed by this build', async () => {
    const srv = await startServer();
    try {
      const dir = path.join(root, '.next/cache/md-index');
      assert.ok(existsSync(dir), 'the cache folder');
      const files = readdirSync(dir).filter((f) => f.startsWith('sdn-') && f.endsWith('.v8'));
      assert.equal(files.length, 1, files.join(', '));
      assert.ok(readFileSync(path.join(root, '.next/BUILD_ID'), 'utf8').trim().length > 0);
      // Restarted, the server reads the file it wrote instead of building and writing it again.
      const written = statSync(path.join(dir, files[0])).mtimeMs;
      await srv.restart();
      assert.equal(statSync(path.join(dir, files[0])).mtimeMs, written);
      // And screens from it: an entity on the list is a match.
      const c = client(srv.url, srv.adminKey);
      const k = await makeKit(c);
      const r = await c.post('/v1/sanctions/screen', {
        matter_id: await k.matter(),
        entities: ['Banco Nacional de Cuba'],
      });
      expectStatus(r, 200, 'screen');
      assert.ok(
        r.body.matches.some((m: { sdn_name: string }) => m.sdn_name === 'BANCO NACIONAL DE CUBA'),
        JSON.stringify(r.body.matches),
      );
    } finally {
      await srv.stop();
    }
  });
});
