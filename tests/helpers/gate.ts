/**
 * The authority-gate assertion for any operation registered with gate:true (API-CONTRACT §8):
 * refused with 403 authority_required before a grant, runs while a grant is in effect, and is
 * refused again after the grant is revoked.
 */
import assert from 'node:assert/strict';
import type { Operation } from '../../src/server/operations/define';
import { expectError, expectStatus } from './expect';
import type { Fixture, Kit, Req } from './fixtures';

async function buildWithout(fx: Fixture, kit: Kit): Promise<Req> {
  kit.authority = false;
  try {
    return await fx.build(kit);
  } finally {
    kit.authority = true;
  }
}

async function revokeAll(kit: Kit, matterId: string) {
  const grants = await kit.c.get(`/v1/matters/${matterId}/authority?limit=100`);
  expectStatus(grants, 200, 'list grants');
  for (const g of grants.body.data.filter((x: any) => x.status === 'granted')) {
    expectStatus(await kit.c.post(`/v1/matters/${matterId}/authority/${g.authority_id}/revoke`, { reason: 'gate test' }), 200, 'revoke grant');
  }
}

/**
 * Runs the three gate checks for `op`. Returns notes on checks that could not apply (a fixture
 * whose setup itself needs authority, e.g. an object created by another gated operation, cannot
 * show the "before a grant" case; the "after revoke" case always runs).
 */
export async function assertAuthorityGate(op: Operation, fx: Fixture, kit: Kit): Promise<string[]> {
  const notes: string[] = [];
  const label = `${op.name} (gated)`;

  const before = await buildWithout(fx, kit);
  assert.ok(before.matterId, `${op.name}: a gated operation's fixture must name its matterId`);
  const m = await kit.c.get(`/v1/matters/${before.matterId}`);
  if (m.body.authority_status === 'none') {
    const refused = await kit.c.call(op.method, before.path, before.body);
    expectError(refused, 403, 'authority_required', { label: `${label} before a grant` });
    assert.match(refused.body.error.message, new RegExp(before.matterId!), 'the message names the matter');
    await kit.grant(before.matterId!);
    expectStatus(await kit.c.call(op.method, before.path, before.body), op.status, `${label} once granted`);
  } else {
    notes.push(`${op.name}: "before a grant" not shown — its fixture needs authority to build`);
  }

  const afterRevoke = await fx.build(kit);
  await revokeAll(kit, afterRevoke.matterId!);
  const refused = await kit.c.call(op.method, afterRevoke.path, afterRevoke.body);
  expectError(refused, 403, 'authority_required', { label: `${label} after revoke` });
  assert.match(refused.body.error.message, /revoked/, 'the message says why');
  return notes;
}
