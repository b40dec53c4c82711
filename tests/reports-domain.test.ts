/** Pure report rules: section order, audience profiles, and the redaction of section data and bodies. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exactNumber } from '../src/server/json';
import { sectionFor } from '../src/server/domain/reports/bodies';
import { redactData } from '../src/server/domain/reports/redaction';
import { AUDIENCE_PROFILE, orderSections, strictestProfile } from '../src/server/domain/reports/sections';

const ADDR = '0x02466e547bfdab679fc49e96bbfc62b9747d997c';
const hide = (addresses: string[] = [], listed_names: string[] = []) => ({ addresses, listed_names });

test('sections keep the canonical order; all when omitted', () => {
  assert.deepEqual(orderSections(['ledger', 'summary', 'ledger']), ['summary', 'ledger']);
  assert.equal(orderSections(undefined).length, 9);
});

test('audiences map to profiles, and an export never redacts less', () => {
  assert.deepEqual(AUDIENCE_PROFILE, { internal: 'none', counsel: 'external', claimant: 'claimant' });
  assert.equal(strictestProfile('claimant', 'none'), 'claimant');
  assert.equal(strictestProfile('none', 'external'), 'external');
});

test('external drops internal keys at any depth; claimant also shortens addresses and hides sanctions detail', () => {
  const data = {
    matter: { name: 'M', notes: 'secret' },
    claimants: [{ name: 'A', economics: { share_pct: 50 } }],
    wallets: [{ address: ADDR, sanctions_status: 'match: X' }],
    amount: exactNumber('1.50'),
  };
  const ext = redactData(data, 'external', hide([ADDR])) as any;
  assert.equal(ext.matter.notes, undefined);
  assert.equal(ext.claimants[0].economics, undefined);
  assert.equal(ext.wallets[0].address, ADDR);
  assert.equal(ext.amount.text, '1.5', 'exact numbers pass through');
  const cl = redactData(data, 'claimant', hide([ADDR])) as any;
  assert.equal(cl.wallets[0].address, '0x0246...997c');
  assert.equal(cl.wallets[0].sanctions_status, 'under review');
});

test('bodies are written from redacted data, so text never shows what the data lost', () => {
  const s = sectionFor(
    'summary',
    { matter: { name: 'Acme v. Doe', status: 'open', mode: 'enforcement', notes: 'settle at 40%' }, judgment_count: 1 },
    'external',
    hide(),
  );
  assert.ok(!s.body.includes('settle at 40%'));
  const internal = sectionFor(
    'summary',
    { matter: { name: 'Acme v. Doe', notes: 'settle at 40%' }, judgment_count: 1 },
    'none',
    hide(),
  );
  assert.ok(internal.body.includes('settle at 40%'));
  const sanc = sectionFor(
    'sanctions',
    { reviews: [{ review_id: 'rev_1', status: 'blocked', blocked_property_analysis: 'SDN hit' }] },
    'claimant',
    hide(),
  );
  assert.deepEqual(sanc.data, { sanctions_status: 'under review' });
  assert.equal(sanc.body, 'Sanctions matters: under review.');
  const assets = sectionFor(
    'assets',
    {
      map_id: 'map_1',
      created_at: '2026-01-01',
      wallets: [{ address: ADDR }],
      exchange_hypotheses: [{ exchange: 'Coinbase', confidence: 80 }],
      token_exposure_count: 0,
      note: `seen at ${ADDR}`,
    },
    'claimant',
    hide([ADDR]),
  );
  assert.ok(!JSON.stringify(assets).includes(ADDR));
});
