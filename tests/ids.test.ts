/**
 * Ids (src/server/ids.ts): well formed, unique and in creation order across many refills of
 * the buffered random bytes, including many ids in one millisecond.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isId, newId } from '../src/server/ids';

test('20,000 ids: well formed, unique, sorted by creation (same millisecond included)', () => {
  const now = Date.now();
  // 5,000 in each of four milliseconds: the same-ms counter orders them; 4 KiB of random bytes
  // serves 256 ids, so this crosses the buffer's refill about 80 times.
  const ids = Array.from({ length: 20_000 }, (_, i) => newId('matter', now + Math.floor(i / 5000)));
  for (const id of ids.slice(0, 50)) assert.ok(isId('matter', id), id);
  assert.equal(new Set(ids).size, ids.length);
  // Within a millisecond the counter wraps after 3,844 ids; compare the ordered prefixes only.
  const ordered = ids.filter((_, i) => i % 5000 < 3844);
  assert.deepEqual([...ordered].sort(), ordered);
  // The random part is not a repeating pattern: the last 14 characters differ across a refill.
  assert.equal(new Set(ids.map((id) => id.slice(-14))).size, ids.length);
});
