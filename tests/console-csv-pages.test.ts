/**
 * "Export CSV" of the whole filtered list (src/components/list/csv-pages.ts): paging through a
 * list by keyset cursor up to a bound, the names lookup's chunks and the note beside the
 * button. A fake list stands in for the tRPC query; no server.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { collectPages, exportStatus, idChunks, type ListPage } from '../src/components/list/csv-pages';

/** A keyset list of `n` rows (ids r0001…), `size` per page, as the API pages with starting_after. */
function fakeList(n: number, size: number) {
  const all = Array.from({ length: n }, (_, i) => ({ id: `r${String(i + 1).padStart(4, '0')}` }));
  const cursors: (string | undefined)[] = [];
  const fetchPage = async (cursor: string | undefined): Promise<ListPage<{ id: string }>> => {
    cursors.push(cursor);
    const from = cursor ? all.findIndex((r) => r.id === cursor) + 1 : 0;
    const data = all.slice(from, from + size);
    return { data, has_more: from + size < all.length };
  };
  return { fetchPage, cursors, cursorOf: (r: { id: string }) => r.id };
}

describe('collectPages', () => {
  const cases: {
    name: string;
    rows: number;
    page: number;
    max: number;
    got: number;
    truncated: boolean;
    calls: number;
  }[] = [
    { name: 'an empty list', rows: 0, page: 50, max: 100, got: 0, truncated: false, calls: 1 },
    { name: 'one short page', rows: 7, page: 50, max: 100, got: 7, truncated: false, calls: 1 },
    { name: 'more rows than one page', rows: 60, page: 50, max: 100, got: 60, truncated: false, calls: 2 },
    { name: 'exactly full pages', rows: 100, page: 50, max: 1000, got: 100, truncated: false, calls: 2 },
    { name: 'exactly the bound', rows: 100, page: 50, max: 100, got: 100, truncated: false, calls: 2 },
    { name: 'one past the bound', rows: 101, page: 50, max: 100, got: 100, truncated: true, calls: 2 },
    { name: 'the bound inside a page', rows: 500, page: 100, max: 250, got: 250, truncated: true, calls: 3 },
  ];
  for (const c of cases) {
    test(c.name, async () => {
      const l = fakeList(c.rows, c.page);
      const seen: number[] = [];
      const r = await collectPages({ ...l, max: c.max, onProgress: (n) => seen.push(n) });
      assert.equal(r.rows.length, c.got);
      assert.equal(r.truncated, c.truncated);
      assert.equal(l.cursors.length, c.calls);
      assert.equal(new Set(r.rows.map((x) => x.id)).size, r.rows.length, 'no row twice');
      assert.equal(l.cursors[0], undefined, 'the first page has no cursor');
      for (let i = 1; i < l.cursors.length; i++)
        assert.equal(l.cursors[i], r.rows[i * c.page - 1].id, 'next after the last read');
      assert.deepEqual(
        seen,
        [...seen].sort((a, b) => a - b),
        'progress only grows',
      );
    });
  }

  test('a failed page rejects the export', async () => {
    let calls = 0;
    await assert.rejects(
      collectPages({
        fetchPage: async () => {
          if (++calls === 2) throw new Error('page 2 failed');
          return { data: [{ id: 'a' }], has_more: true };
        },
        cursorOf: (r) => r.id,
      }),
      /page 2 failed/,
    );
  });

  test('a cursor that does not move stops instead of looping', async () => {
    const r = await collectPages({
      fetchPage: async () => ({ data: [{ id: 'same' }], has_more: true }),
      cursorOf: (x) => x.id,
      max: 1000,
    });
    assert.equal(r.truncated, true);
    assert.equal(r.rows.length, 2);
  });
});

test('idChunks: distinct, non-empty, sorted, at most `size` each', () => {
  assert.deepEqual(idChunks(['b', 'a', null, 'b', undefined, '', 'c'], 2), [['a', 'b'], ['c']]);
  assert.deepEqual(idChunks([], 200), []);
  const many = Array.from({ length: 450 }, (_, i) => `m${i}`);
  assert.deepEqual(
    idChunks(many, 200).map((c) => c.length),
    [200, 200, 50],
  );
});

test('exportStatus: what the note beside the button says', () => {
  const cases: [Parameters<typeof exportStatus>[0], string][] = [
    [{ state: 'idle' }, ''],
    [{ state: 'fetching', rows: 1200 }, 'Reading rows… 1,200 so far'],
    [{ state: 'done', rows: 1, truncated: false, max: 10000 }, 'Exported 1 row.'],
    [{ state: 'done', rows: 60, truncated: false, max: 10000 }, 'Exported 60 rows.'],
    [
      { state: 'done', rows: 10000, truncated: true, max: 10000 },
      'Exported 10,000 rows: the file was cut at 10,000 rows; narrow the filters for the rest.',
    ],
    [{ state: 'error', message: 'The request failed.' }, 'Export failed: The request failed.'],
  ];
  for (const [s, text] of cases) assert.equal(exportStatus(s), text);
});
