/**
 * Fixture rows of the Packets folder (spread into the table in fixtures.ts).
 *
 * A packet body cites a grant in effect (legal_authority_id), so the gate checks cannot
 * "grant, then retry the same body" for a creation: while `kit.authority` is false the
 * creation fixtures build on a matter whose grant is revoked (the gate suite notes it and runs
 * its "after revoke" check). Operations on an existing packet let the grant lapse after the
 * packet is created, as kit.judgment() does, so the full gate sequence runs for them.
 */
import { SOURCE } from './client';
import { evmAddress } from './fixtures-chain';
import { intakeBody } from './fixtures-judgments';
import type { Fixture, Kit, Req } from './fixtures';

/** An exchange deposit address from the shipped labels (Coinbase), not on the OFAC list. */
export const COINBASE_WALLET = '0x02466e547bfdab679fc49e96bbfc62b9747d997c';
export const COURT_ORDER_REF = {
  source_type: 'court_order',
  title: 'Turnover order',
  uri: 'https://docs.example/order.pdf',
  hash: 'a'.repeat(64),
};
export const PROOF_REF = {
  source_type: 'proof_of_control',
  title: 'Signed message from the debtor wallet',
  uri: 'https://docs.example/poc.txt',
};

const LAPSE_MS = 6000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function must(p: Promise<{ status: number; body: any }>, what: string, status = 200) {
  const r = await p;
  if (r.status !== status) throw new Error(`fixture setup (${what}) answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}

/** A user of the organization with `roles` who can see every matter. */
export async function orgUser(k: Kit, roles: string[]) {
  const u = await must(
    k.c.post(`/v1/organizations/${k.orgId}/users`, { email: `${k.unique('sender')}@example.test`, roles }),
    'user',
    201,
  );
  return u.user_id as string;
}

export interface PacketSetup {
  matterId: string;
  judgmentId: string;
  grantId: string;
  senderId: string;
}

/**
 * The relationship with Coinbase that packets about COINBASE_WALLET are addressed to (a packet
 * goes to the exchange its wallets' hypotheses point to, or to no one), once per kit's org.
 */
export const COINBASE_RELATIONSHIP = {
  counterparty_type: 'exchange',
  counterparty_name: 'Coinbase, Inc.',
  channel_type: 'legal_process_portal',
  usable_by_operator: true,
  usable_by_counsel: true,
  usable_by_law_enforcement: false,
  authorized_submitter_required: false,
  packet_types_supported: ['exchange_intercept', 'vasp_legal_process', 'exchange_freeze', 'exchange_turnover'],
  risk_level: 'low',
  notes: 'fixture: the exchange of COINBASE_WALLET',
};
const coinbaseDone = new WeakMap<object, Promise<unknown>>();
export function coinbaseRelationship(k: Kit) {
  if (!coinbaseDone.has(k.c)) coinbaseDone.set(k.c, k.c.post('/v1/relationships', COINBASE_RELATIONSHIP));
  return coinbaseDone.get(k.c)!;
}

/** A matter with a grant (lapsing after `lapseMs` when given), a judgment and a sender. */
export async function packetSetup(
  k: Kit,
  opts: { lapseMs?: number; roles?: string[]; judgment?: Record<string, unknown> } = {},
): Promise<PacketSetup & { lapsesAt?: number }> {
  await coinbaseRelationship(k);
  const m = await k.matter({ authority: false });
  const lapsesAt = opts.lapseMs ? Date.now() + opts.lapseMs : undefined;
  const grantId = await k.grant(m, lapsesAt ? new Date(lapsesAt) : undefined);
  const j = await must(k.c.post('/v1/judgments/intake', { ...intakeBody(k, m), ...opts.judgment }), 'judgment intake');
  // A packet rests on a validated judgment (readiness checks it), as a creditor's request would.
  const v = await must(k.c.post(`/v1/judgments/${j.judgment_id}/validate`, { consumer_debt: false }), 'validation');
  if (!v.enforcement_ready)
    throw new Error(`fixture setup (packet judgment): not enforcement_ready: ${JSON.stringify(v.gates)}`);
  const senderId = await orgUser(k, opts.roles ?? ['counsel']);
  return { matterId: m, judgmentId: j.judgment_id, grantId, senderId, lapsesAt };
}

export const packetBody = (s: PacketSetup, over: Record<string, unknown> = {}) => ({
  matter_id: s.matterId,
  judgment_id: s.judgmentId,
  wallets: [COINBASE_WALLET],
  authorized_sender: s.senderId,
  legal_authority_id: s.grantId,
  source_refs: [SOURCE, COURT_ORDER_REF, PROOF_REF],
  notes: 'Fixture packet',
  ...over,
});

/**
 * An exchange-intercept packet listing `wallets` fresh addresses (1,000, the most a packet
 * takes): a long wallet table, so rendering its export takes a second or more and a kill can
 * land in the middle of it.
 */
export async function largePacket(k: Kit, wallets = 1000): Promise<{ packetId: string; matterId: string }> {
  const s = await packetSetup(k);
  const body = packetBody(s, { wallets: Array.from({ length: wallets }, evmAddress) });
  const p = await must(k.c.post('/v1/packets/exchange-intercept', body), 'large packet');
  return { packetId: p.packet_id, matterId: s.matterId };
}

const creation = (path: string, packetType: string): Fixture => ({
  level: 'matter',
  build: async (k) => {
    const s = await packetSetup(k);
    if (!k.authority) {
      await must(
        k.c.post(`/v1/matters/${s.matterId}/authority/${s.grantId}/revoke`, { reason: 'gate check' }),
        'revoke',
      );
    }
    return { path: `/v1/packets/${path}`, body: packetBody(s, { packet_type: packetType }), matterId: s.matterId };
  },
});

/** A packet (exchange intercept); with kit.authority false its matter's grant has lapsed by return. */
export async function packetOnMatter(
  k: Kit,
  tail: (packetId: string, s: PacketSetup) => Promise<string> | string,
  body?:
    | Record<string, unknown>
    | ((packetId: string, s: PacketSetup) => Promise<Record<string, unknown>> | Record<string, unknown>),
): Promise<Req> {
  const s = await packetSetup(k, { lapseMs: k.authority ? undefined : LAPSE_MS });
  const p = await must(k.c.post('/v1/packets/exchange-intercept', packetBody(s)), 'packet');
  const path = await tail(p.packet_id, s);
  if (typeof body === 'function') body = await body(p.packet_id, s);
  if (s.lapsesAt) {
    if (Date.now() >= s.lapsesAt) throw new Error(`fixture setup (lapsing authority) took over ${LAPSE_MS} ms`);
    await sleep(s.lapsesAt - Date.now() + 50);
  }
  return { path, body, matterId: s.matterId };
}

export const packetFixtures: Record<string, Fixture> = {
  createExchangeInterceptPacket: creation('exchange-intercept', 'preservation'),
  createVaspLegalProcessPacket: creation('vasp-legal-process', 'records_request'),
  createExchangeFreezePacket: creation('exchange-freeze', 'freeze'),
  createExchangeTurnoverPacket: creation('exchange-turnover', 'turnover'),
  createTurnoverWorkflowPacket: creation('turnover-workflow', 'self_custody_turnover'),
  createLawEnforcementReferralPacket: creation('law-enforcement-referral', 'referral'),
  getPacket: { level: 'matter', build: (k) => packetOnMatter(k, (id) => `/v1/packets/${id}`) },
  listPackets: { level: 'none', build: async () => ({ path: '/v1/packets' }) },
  updatePacket: {
    level: 'matter',
    build: (k) =>
      packetOnMatter(k, (id) => `/v1/packets/${id}`, {
        status: 'in_review',
        notes: 'Ready for counsel',
        review_state: { review_owner: 'Fixture Counsel' },
      }),
  },
  exportPacket: {
    level: 'matter',
    // Exporting also takes the object's read scope (services/exports/exports.ts).
    grantsAlso: ['packets:read'],
    build: (k) =>
      packetOnMatter(k, (id) => `/v1/packets/${id}/export`, { format: 'json', redaction_profile: 'external' }),
  },
  getExport: {
    level: 'matter',
    build: (k) =>
      packetOnMatter(k, async (id) => {
        const e = await must(k.c.post(`/v1/packets/${id}/export`, { format: 'json' }), 'export');
        return `/v1/exports/${e.export_id}`;
      }),
  },
};
