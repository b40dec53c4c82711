/**
 * The authority-gate assertion for any operation registered with gate:true (API-CONTRACT §8):
 * refused with 403 authority_required while its matter has no grant in effect, runs once a grant
 * is, and is refused again after the grant is revoked.
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
    expectStatus(
      await kit.c.post(`/v1/matters/${matterId}/authority/${g.authority_id}/revoke`, { reason: 'gate test' }),
      200,
      'revoke grant',
    );
  }
}

/**
 * Runs the three gate checks for `op`. The first needs a matter with no grant in effect: one
 * never granted, or — for an object that exists only on a matter that had authority (a
 * judgment) — one whose only grant has expired (the fixture lets it lapse when
 * `kit.authority` is false). Returns notes on checks that could not apply; the "after revoke"
 * case always runs.
 */
export async function assertAuthorityGate(op: Operation, fx: Fixture, kit: Kit): Promise<string[]> {
  const notes: string[] = [];
  const label = `${op.name} (gated)`;

  const before = await buildWithout(fx, kit);
  assert.ok(before.matterId, `${op.name}: a gated operation's fixture must name its matterId`);
  const m = await kit.c.get(`/v1/matters/${before.matterId}`);
  const why = { none: /has no authority grant/, expired: /has only expired authority grants/ }[
    m.body.authority_status as string
  ];
  if (why) {
    const when = m.body.authority_status === 'none' ? 'before a grant' : 'after its only grant expired';
    const refused = await kit.c.call(op.method, before.path, before.body);
    expectError(refused, 403, 'authority_required', { label: `${label} ${when}` });
    assert.match(refused.body.error.message, new RegExp(before.matterId!), 'the message names the matter');
    assert.match(refused.body.error.message, why, 'the message says why');
    if (m.body.authority_status === 'expired')
      notes.push(
        `${op.name}: no grant in effect shown with an expired grant — its object exists only on a matter that had authority`,
      );
    await kit.grant(before.matterId!);
    expectStatus(await kit.c.call(op.method, before.path, before.body), op.status, `${label} once granted`);
  } else {
    notes.push(
      `${op.name}: "before a grant" not shown — its fixture needs authority to build (authority_status '${m.body.authority_status}')`,
    );
  }

  const afterRevoke = await fx.build(kit);
  await revokeAll(kit, afterRevoke.matterId!);
  const refused = await kit.c.call(op.method, afterRevoke.path, afterRevoke.body);
  expectError(refused, 403, 'authority_required', { label: `${label} after revoke` });
  assert.match(refused.body.error.message, /revoked/, 'the message says why');
  return notes;
}
