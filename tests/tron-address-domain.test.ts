/**
 * Tron address spellings, both ways, against published base58 ↔ hex pairs (not derived from our
 * code): the USDT-TRC20 contract as Tronscan lists it, and the pairs of the open-source OxygenPay
 * wallet tests (github.com/oxygenpay/oxygen, internal/kms/wallet Base58ToHex table), plus Tron's
 * all-zero "black hole" address T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hexToTron, tronToEvm, tronToHex41 } from '../src/server/domain/crypto/tron-address';

const PAIRS: [string, string][] = [
  ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', '41a614f803b6fd780986a42c78ec9c7f77e6ded13c'],
  ['TBREsCfBdPyD612xZnwvGPux7osbXvtzLh', '410fe47f49fd91f0edb7fa2b94a3c45d9c2231709c'],
  ['TLrPF5aTqtqLxFo1Y69jpQvZ2T4ydkX9pC', '41775f057150b85086f456aac88fd52ba8e35db282'],
  ['THPvaUhoh2Qn2y9THCZML3H815hhFhn5YC', '41517591d35d313bf6a5e33098284502b045e2bc08'],
  ['T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', '410000000000000000000000000000000000000000'],
];

test('base58 T… → hex 41… and the 20-byte JSON-RPC form', () => {
  for (const [b58, h] of PAIRS) {
    assert.equal(tronToHex41(b58), h, b58);
    assert.equal(tronToEvm(b58), `0x${h.slice(2)}`, b58);
  }
});

test('hex 41… (with or without 0x) and 20-byte 0x… → base58 T…', () => {
  for (const [b58, h] of PAIRS) {
    assert.equal(hexToTron(h), b58, h);
    assert.equal(hexToTron(`0x${h}`), b58, h);
    assert.equal(hexToTron(`0x${h.slice(2).toUpperCase()}`), b58, h);
  }
});

test('not Tron: bad checksum, an EVM-length string in base58, wrong prefix, junk', () => {
  assert.equal(tronToHex41('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u'), null, 'checksum');
  assert.equal(tronToHex41('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'), null, 'a Bitcoin address');
  assert.equal(hexToTron('42a614f803b6fd780986a42c78ec9c7f77e6ded13c'), null, 'prefix 0x42');
  assert.equal(hexToTron('0xzz'), null);
  assert.equal(hexToTron('0x1234'), null);
});
