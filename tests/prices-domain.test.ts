/**
 * Dated prices (issue 31 part 5): the shipped daily closes load, a value takes the last close on
 * or before its time and says when that close is stale; the refresh's reader refuses bad rows.
 * Closes checked against the published Yahoo Finance figures in both copies (data/prices/PROVENANCE.md).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseDailyCloses, priceAt, pricedAsset, readSourceCsv } from '../src/server/domain/crypto/prices';

const idx = parseDailyCloses(readFileSync('data/prices/daily-closes.csv', 'utf8'));

test('every asset of the dataset is there, MATIC read as POL', () => {
  for (const a of ['BTC', 'ETH', 'TRX', 'SOL', 'BNB', 'POL'] as const) assert.ok(idx.get(a)?.length, a);
  assert.equal(pricedAsset('matic'), 'POL');
  assert.equal(pricedAsset('USDT'), null, 'stablecoins are valued at the peg, not here');
});

test('the close on or before the time; staleness in days', () => {
  const btc = priceAt(idx, 'BTC', new Date('2021-11-09T18:00:00Z'))!;
  assert.deepEqual([btc.date, btc.close, btc.stale], ['2021-11-09', '66971.828125', false]);
  const late = priceAt(idx, 'ETH', new Date('2026-11-27T12:00:00Z'))!;
  assert.equal(late.date, '2025-09-30');
  assert.equal(late.close, '4182.9619140625');
  assert.equal(late.stale, true);
  assert.equal(late.stale_days, 423);
  const bnb = priceAt(idx, 'BNB', new Date('2022-05-08T23:59:59Z'))!;
  assert.deepEqual([bnb.date, bnb.close, bnb.stale], ['2022-05-08', '355.398743', false]);
  assert.equal(priceAt(idx, 'SOL', new Date('2015-01-01T00:00:00Z')), null, 'before the data: no price');
});

test('the refresh reader: Close or Adj Close, null rows skipped, bad rows refused with their line', () => {
  const ok = readSourceCsv('Date,Open,Close,Adj Close\n2024-01-01,1,2.5,2.5\n2024-01-02,null,null,null\n');
  assert.deepEqual(ok, { rows: [{ date: '2024-01-01', close: '2.5' }], skipped: 1 });
  assert.deepEqual(readSourceCsv('Date,Adj_Close\n2024-01-01,3\n').rows, [{ date: '2024-01-01', close: '3' }]);
  assert.throws(() => readSourceCsv('Date,Close\n2024-01-01,-3\n'), /line 2: bad close/);
  assert.throws(() => readSourceCsv('Date,Close\n2024-13-45,3\n'), /line 2: bad date/);
  assert.throws(() => readSourceCsv('Date,Close\n2024-01-01,3\n2024-01-01,4\n'), /repeated/);
  assert.throws(() => readSourceCsv('Day,Price\n2024-01-01,3\n'), /no Date and Close/);
});
