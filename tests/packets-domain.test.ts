/** Pure packet rules: family table, readiness per type, the status machine, redaction. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolvePacketType } from '../src/server/domain/packets/families';
import { packetReadiness, type ReadinessInput } from '../src/server/domain/packets/readiness';
import { allowedPacketMoves, needsReason } from '../src/server/domain/packets/status';
import { redactBundle, shortAddress } from '../src/server/domain/packets/redaction';

const base = (over: Partial<ReadinessInput> = {}): ReadinessInput => ({
  type: 'exchange_intercept',
  packet_type: 'preservation',
  sender_roles: ['counsel'],
  source_types: [],
  grant: { basis: 'engagement_letter', source_types: ['engagement_letter'], in_effect: true },
  judgment: { present: true, status: 'validated' },
  wallets: [{ address: '0xabc', category: 'exchange' }],
  recipient: null,
  ...over,
});
const failing = (i: ReadinessInput) =>
  packetReadiness(i)
    .checks.filter((c) => c.status === 'fail')
    .map((c) => c.check);

test('packet_type: default is the first value; others are refused with the allowed list', () => {
  assert.deepEqual(resolvePacketType('exchange_freeze', undefined), { ok: true, value: 'freeze' });
  assert.deepEqual(resolvePacketType('exchange_freeze', 'hold'), { ok: true, value: 'hold' });
  const bad = resolvePacketType('exchange_freeze', 'turnover');
  assert.equal(bad.ok, false);
  assert.match((bad as { message: string }).message, /freeze, hold/);
});

test('readiness: each rule applies to its types and cites a reason', () => {
  assert.deepEqual(failing(base()), []);
  for (const type of [
    'vasp_legal_process',
    'exchange_turnover',
    'turnover_workflow',
    'law_enforcement_referral',
  ] as const) {
    assert.ok(
      failing(base({ type, sender_roles: ['operator'], source_types: ['court_order', 'proof_of_control'] })).includes(
        'counsel_sender',
      ),
      type,
    );
  }
  assert.deepEqual(failing(base({ sender_roles: ['operator'] })), [], 'exchange intercept is not counsel-only');
  assert.deepEqual(failing(base({ type: 'exchange_freeze' })), ['court_order']);
  assert.deepEqual(
    failing(base({ type: 'exchange_freeze', grant: { basis: 'court_order', source_types: [], in_effect: true } })),
    [],
  );
  assert.deepEqual(failing(base({ type: 'turnover_workflow', source_types: ['court_order'] })), ['proof_of_control']);
  assert.deepEqual(failing(base({ grant: { basis: 'engagement_letter', source_types: [], in_effect: false } })), [
    'legal_authority',
  ]);
  // Each enforceability fact is its own named check (judgments/enforceability.ts).
  assert.deepEqual(failing(base({ judgment: { present: true, status: 'stayed' } })), ['judgment_not_stayed']);
  assert.deepEqual(failing(base({ wallets: [{ address: '0x1', category: 'sanctioned' }] })), ['wallets']);
  const le = {
    counterparty_name: 'FBI IC3',
    channel_type: 'le_portal',
    usable_by_operator: false,
    usable_by_counsel: false,
    usable_by_law_enforcement: true,
    authorized_submitter_required: false,
  };
  assert.deepEqual(failing(base({ type: 'law_enforcement_referral', recipient: le })), ['recipient_channel']);
  const portal = { ...le, usable_by_counsel: true, authorized_submitter_required: true };
  assert.deepEqual(failing(base({ type: 'law_enforcement_referral', recipient: portal })), []);
  assert.deepEqual(failing(base({ recipient: portal, sender_roles: ['operator'] })), ['authorized_submitter']);
  const r = packetReadiness(base({ type: 'exchange_freeze' }));
  assert.equal(r.ready, false);
  assert.ok(r.missing_items[0].includes('court_order'));
  assert.ok(r.checks.every((c) => c.reason.length > 10));
});

test('status machine: §9 moves; reasons for rejecting and returning to draft', () => {
  assert.deepEqual(allowedPacketMoves('draft'), ['in_review', 'withdrawn']);
  assert.deepEqual(allowedPacketMoves('sent'), ['responded', 'rejected']);
  assert.deepEqual(allowedPacketMoves('responded'), []);
  assert.ok(!allowedPacketMoves('sent').includes('withdrawn'));
  assert.ok(
    needsReason('in_review', 'rejected') && needsReason('in_review', 'draft') && !needsReason('draft', 'in_review'),
  );
});

test('redaction: external drops notes and economics; claimant also shortens addresses everywhere', () => {
  const addr = '0x02466E547BFDAB679fC49e96bBfc62B9747D997C';
  const bundle = {
    packet: {
      wallets: [addr],
      notes: 'internal',
      review_state: { review_status: 'pending', review_notes: 'rn' },
      readiness: {
        ready: false,
        missing_items: ['x'],
        checks: [{ check: 'wallets', status: 'fail', reason: '1 wallet(s) are on the OFAC list; …' }],
      },
    },
    contents: {
      internal_notes: 'internal',
      matter: { name: 'M', economics: { fee: 1 }, notes: 'mn' },
      judgment_summary: { creditor: 'Acme' },
      claimants: [
        { name: 'Acme', role: 'creditor', economics: { x: 1 } },
        { name: 'Other', role: 'assignee' },
      ],
      wallets: [{ address: addr, sanctions: [{ sdn_name: 'X' }], category: 'sanctioned' }],
      exchange_hypotheses: [{ wallet: addr }],
      request: { text: `Hold deposits from ${addr.toLowerCase()}` },
    },
  };
  const ext = redactBundle(bundle, 'external') as any;
  assert.equal(ext.packet.notes, undefined);
  assert.equal(ext.packet.review_state.review_notes, undefined);
  assert.equal(ext.contents.matter.economics, undefined);
  assert.deepEqual(ext.contents.claimants, [{ name: 'Acme', role: 'creditor' }]);
  assert.equal(ext.contents.wallets[0].address, addr);
  const cl = redactBundle(bundle, 'claimant') as any;
  const text = JSON.stringify(cl);
  assert.ok(!text.toLowerCase().includes(addr.toLowerCase()));
  assert.equal(cl.contents.wallets[0].address, shortAddress(addr));
  assert.equal(cl.contents.wallets[0].sanctions_status, 'under review');
  assert.equal(cl.contents.wallets[0].category, 'under_review');
  assert.ok(cl.contents.request.text.endsWith(shortAddress(addr)));
  assert.equal(cl.packet.readiness.checks[0].reason, 'Sanctions matters are under review.');
  assert.ok(!/OFAC|sdn_name/.test(text));
  assert.deepEqual(redactBundle(bundle, 'none'), bundle);
});
