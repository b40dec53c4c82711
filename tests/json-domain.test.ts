/**
 * The response writer (`toJson` in src/server/json.ts): JSON.stringify's output for every body
 * without an exact decimal, and an exact decimal's digits wherever one is, written whole.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { exactNumber, toJson } from '../src/server/json';

describe('toJson', () => {
  test('bodies without exact decimals come out as JSON.stringify writes them', () => {
    const cases: unknown[] = [
      null,
      undefined,
      0,
      -0,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      1e21,
      'plain',
      'quotes " and \\ and \u2028 and emoji 👩‍⚖️',
      '12.50',
      true,
      [],
      {},
      [1, undefined, () => 1, Symbol('s'), null, [2, [3]]],
      { a: 1, b: undefined, c: () => 1, d: new Date('2026-12-06T05:00:00.123Z'), e: { f: [{ g: 'h' }] } },
      { invalid: new Date(Number.NaN) },
      { toJSON: () => ({ x: 1 }) },
      Object.assign(Object.create({ inherited: 1 }), { own: 2 }),
      { nested: { toJSON: (key: string) => `key was ${key}` } },
    ];
    for (const [i, value] of cases.entries()) assert.equal(toJson(value), JSON.stringify(value) ?? 'null', `case ${i}`);
  });

  test('an exact decimal is written with all its digits, wherever it sits', () => {
    const big = exactNumber('12345678901234567890.123456789');
    assert.equal(toJson(big), '12345678901234567890.123456789');
    assert.equal(
      toJson({ amount: big, list: [exactNumber('0.10'), 2] }),
      '{"amount":12345678901234567890.123456789,"list":[0.1,2]}',
    );
    assert.equal(toJson({ deep: [{ toJSON: () => exactNumber('1.50') }] }), '{"deep":[1.5]}');
    const date = Object.assign(new Date('2026-12-06T00:00:00Z'), { toJSON: () => exactNumber('7') });
    assert.equal(toJson({ date }), '{"date":7}');
  });

  test('a BigInt is refused as JSON.stringify refuses it', () => {
    assert.throws(() => toJson({ n: 1n }), TypeError);
    assert.throws(() => toJson({ n: 1n, e: exactNumber('1') }), TypeError);
  });
});
