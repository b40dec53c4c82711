/**
 * Prepared-statement names (src/server/db/statements.ts): one name per SQL text, never one name
 * for two texts (pg refuses that on a connection), shared by every copy of the module, bounded,
 * and off with MD_PG_PREPARED=0.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_NAMED_STATEMENTS, named, statementName } from '../src/server/db/statements';

type Statements = typeof import('../src/server/db/statements');
/** Another copy of the module, evaluated afresh (as a second chunk of the Next bundle is). */
const copyOfModule = (tag: string): Promise<Statements> => import(`../src/server/db/statements.ts?${tag}`);

test('a text keeps its name; another text gets another; a copy of the module agrees', async () => {
  const a = statementName('SELECT 1 AS a')!;
  const b = statementName('SELECT 1 AS b')!;
  assert.match(a, /^md_\d+$/);
  assert.notEqual(a, b);
  assert.equal(statementName('SELECT 1 AS a'), a);
  assert.deepEqual(named('SELECT 1 AS a', [1]), { name: a, text: 'SELECT 1 AS a', values: [1] });
  // The Next bundle holds several copies of the module: they share one table (globalThis).
  const copy = await copyOfModule('copy');
  assert.equal(copy.statementName('SELECT 1 AS b'), b);
  assert.notEqual(copy.statementName('SELECT 1 AS c'), statementName('SELECT 1 AS d'));
});

test(`at most ${MAX_NAMED_STATEMENTS} texts are named; later ones run unnamed`, () => {
  const names = new Set<string>();
  for (let i = 0; i < MAX_NAMED_STATEMENTS + 50; i++) {
    const name = statementName(`SELECT ${i} AS n`);
    if (name) names.add(name);
  }
  assert.equal(names.size <= MAX_NAMED_STATEMENTS, true);
  assert.equal(statementName('SELECT 1 AS never_seen_before'), undefined);
  // Texts named before the limit keep their names.
  assert.match(statementName('SELECT 0 AS n')!, /^md_\d+$/);
});

test('MD_PG_PREPARED=0: nothing is named', async () => {
  process.env.MD_PG_PREPARED = '0';
  const off = await copyOfModule('off');
  delete process.env.MD_PG_PREPARED;
  assert.equal(off.statementName('SELECT 1 AS a'), undefined);
  assert.equal(
    off.pgAdapterOptions?.statementNameGenerator?.({ sql: 'SELECT 1 AS a', args: [], argTypes: [] }),
    undefined,
  );
});
