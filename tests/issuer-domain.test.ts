/** Pure issuer remediation rules: token choice, stage moves, burn readiness, certificate decisions. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  burnReissueReadiness,
  certificateDecision,
  chooseToken,
  nextStatuses,
  parseTokenChoice,
} from '../src/server/domain/issuer/remediation';
import { stablecoinIndex } from '../src/server/services/crypto/reference-data';

const coins = stablecoinIndex().all;

test('token choice: packet_type forms, the one held freezable coin, or 400 with candidates', () => {
  assert.deepEqual(parseTokenChoice('usdt:tron'), { asset: 'USDT', network: 'tron' });
  assert.equal(parseTokenChoice('a b'), null);
  const one = chooseToken(undefined, [{ asset: 'USDT', network: 'ethereum' }], coins, ['ethereum']);
  assert.ok(one.ok && one.coin.issuer.startsWith('Tether') && one.coin.network === 'ethereum');
  const two = chooseToken(
    undefined,
    [
      { asset: 'USDT', network: 'ethereum' },
      { asset: 'USDC', network: 'ethereum' },
    ],
    coins,
    ['ethereum'],
  );
  assert.ok(!two.ok && /USDT:ethereum/.test(two.message) && /USDC:ethereum/.test(two.message));
  const tron = chooseToken('USDT:tron', [], coins, ['tron']);
  assert.ok(tron.ok && tron.coin.network === 'tron');
  const byWalletNet = chooseToken('USDT', [], coins, ['tron']);
  assert.ok(byWalletNet.ok && byWalletNet.coin.network === 'tron');
  assert.equal(chooseToken('ZZZ', [], coins, ['ethereum']).ok, false);
});

test('stages: linear chain, any open stage to rejected, closed and rejected final', () => {
  assert.deepEqual(nextStatuses('freeze_requested', 'freeze_only'), ['frozen', 'rejected']);
  assert.deepEqual(nextStatuses('frozen', 'freeze_only'), ['burn_requested', 'closed', 'rejected']);
  assert.deepEqual(nextStatuses('reissued', 'burn_reissue'), ['remitted', 'rejected']);
  assert.deepEqual(nextStatuses('closed', 'burn_reissue'), []);
  assert.deepEqual(nextStatuses('rejected', 'freeze_only'), []);
});

test('burn readiness needs an approved clear certificate and a court order', () => {
  const cert = { id: 'dwc_x', approval_status: 'approved', screen_status: 'clear', allowed_assets: ['USDT'] };
  assert.equal(
    burnReissueReadiness({
      certificate: cert,
      asset: 'USDT',
      source_types: ['court_order'],
      grant_basis: 'engagement_letter',
      grant_source_types: [],
    }).ready,
    true,
  );
  assert.deepEqual(
    burnReissueReadiness({
      certificate: null,
      asset: 'USDT',
      source_types: [],
      grant_basis: 'court_order',
      grant_source_types: [],
    }).missing_items,
    ['destination_wallet_certificate'],
  );
  assert.deepEqual(
    burnReissueReadiness({
      certificate: cert,
      asset: 'USDT',
      source_types: [],
      grant_basis: 'engagement_letter',
      grant_source_types: [],
    }).missing_items,
    ['court_order'],
  );
});

test('a certificate is approved only while pending and clear', () => {
  assert.equal(
    certificateDecision(
      { approval_status: 'pending', sanctions_screen_complete: true, screen_status: 'clear' },
      'approved',
    ).ok,
    true,
  );
  assert.equal(
    certificateDecision(
      { approval_status: 'pending', sanctions_screen_complete: true, screen_status: 'match' },
      'approved',
    ).ok,
    false,
  );
  assert.equal(
    certificateDecision(
      { approval_status: 'pending', sanctions_screen_complete: true, screen_status: 'match' },
      'rejected',
    ).ok,
    true,
  );
  assert.equal(
    certificateDecision(
      { approval_status: 'approved', sanctions_screen_complete: true, screen_status: 'clear' },
      'rejected',
    ).ok,
    false,
  );
});
