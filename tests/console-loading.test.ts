/**
 * Loading skeletons on every console page without losing a record page's 404 status
 * (src/app/(console)/record-gate.ts). Next wraps a segment's page and every segment below it
 * in the segment's `loading.tsx` (a Suspense boundary): a `notFound()` thrown under one comes
 * after a 200 has streamed. So the tree keeps three rules, read from the files; the 404
 * statuses themselves are checked in a browser by e2e/console/record-pages.spec.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(import.meta.dirname, '..', 'src', 'app', '(console)');

function dirs(dir: string): string[] {
  return [
    dir,
    ...readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .flatMap((e) => dirs(path.join(dir, e.name))),
  ];
}
const all = dirs(ROOT);
const rel = (d: string) => path.relative(ROOT, d) || '.';
const has = (d: string, f: string) => existsSync(path.join(d, f));
// The catch-all only says "not found"; it has nothing to load.
const pages = all.filter((d) => has(d, 'page.tsx') && !path.basename(d).startsWith('[...'));

test('every console page has a loading skeleton beside it', () => {
  assert.ok(pages.length >= 20, `pages found: ${pages.length}`);
  const missing = pages.filter((d) => !has(d, 'loading.tsx')).map(rel);
  assert.deepEqual(missing, []);
});

test('no loading boundary has a page in a segment below it (it would stream that page’s 404 as 200)', () => {
  const wrong = all
    .filter((d) => has(d, 'loading.tsx'))
    .flatMap((d) => pages.filter((p) => p !== d && p.startsWith(d + path.sep)).map((p) => `${rel(d)} above ${rel(p)}`));
  assert.deepEqual(wrong, []);
});

test('every record segment checks its record in a layout, outside its loading boundary', () => {
  const records = all.filter((d) => /^\[[^.]/.test(path.basename(d)));
  assert.ok(records.length >= 6, `record segments: ${records.map(rel).join(', ')}`);
  const unchecked = records
    .filter((d) => {
      const layout = path.join(d, 'layout.tsx');
      if (!existsSync(layout)) return true;
      const src = readFileSync(layout, 'utf8');
      return !/orNotFound|notFound\(|firstQuery|loadCounterparty/.test(src);
    })
    .map(rel);
  assert.deepEqual(unchecked, []);
});

test('the skeletons are the shared one', () => {
  for (const d of pages) {
    const src = readFileSync(path.join(d, 'loading.tsx'), 'utf8');
    assert.match(src, /page-loading'|PageSkeleton/, rel(d));
  }
});
