/** Fixture rows of the Sanctions folder and the sanctions-review packet (spread into the table in fixtures.ts). */
import { consoleSession } from './console-session';
import type { Fixture, Kit } from './fixtures';

/** A Lazarus Group (SDN 27307, DPRK3) address of the shipped 2025-11-19 ETH list. */
export const LAZARUS_ETH = '0x098B716B8Aaf21512996dC57EB0615e2383E2f96';

async function must(p: Promise<{ status: number; body: any }>, what: string, status: number) {
  const r = await p;
  if (r.status !== status) throw new Error(`fixture setup (${what}) answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}

/** A screen with a match on a matter (which pauses its ordinary collection). */
export async function matchScreen(k: Kit, matterId?: string) {
  const m = matterId ?? (await k.matter());
  const s = await must(
    k.c.post('/v1/sanctions/screen', { matter_id: m, wallets: [LAZARUS_ETH] }),
    'sanctions screen',
    200,
  );
  return { screen_id: s.review_id as string, matter_id: m };
}

/** A review of a matching screen. */
export async function openReview(k: Kit, matterId?: string) {
  const s = await matchScreen(k, matterId);
  const r = await must(
    k.c.post('/v1/sanctions/review-packet', { matter_id: s.matter_id, screen_id: s.screen_id }),
    'sanctions review',
    201,
  );
  return { review_id: r.review_id as string, matter_id: s.matter_id };
}

/** Counsel's decision, in the console (the bootstrap admin's session): the only way to decide. */
export async function decide(k: Kit, reviewId: string, decision: 'cleared' | 'blocked', reason = 'fixture decision') {
  const session = await consoleSession(k.c.baseUrl);
  const r = await session.mutate('sanctions.decide', { review_id: reviewId, decision, reason });
  if (!r.ok) throw new Error(`fixture setup (decide ${decision}) failed: ${JSON.stringify(r.error)}`);
  return r.data;
}

export const sanctionsFixtures: Record<string, Fixture> = {
  screenSanctions: {
    level: 'matter',
    build: async (k) => {
      const m = await k.matter();
      return {
        path: '/v1/sanctions/screen',
        body: {
          matter_id: m,
          wallets: ['0x1111111111111111111111111111111111111111'],
          entities: ['Harbor Lane Plumbing LLC'],
          counterparties: ['Dana Doe'],
        },
        matterId: m,
      };
    },
  },
  createSanctionsReviewPacket: {
    level: 'matter',
    build: async (k) => {
      const s = await matchScreen(k);
      return {
        path: '/v1/sanctions/review-packet',
        body: { matter_id: s.matter_id, screen_id: s.screen_id, notes: 'fixture' },
        matterId: s.matter_id,
      };
    },
  },
  createOfacReportWorkflow: {
    level: 'matter',
    build: async (k) => {
      const r = await openReview(k);
      await decide(k, r.review_id, 'blocked');
      return {
        path: '/v1/sanctions/ofac-report-workflow',
        body: {
          matter_id: r.matter_id,
          sanctions_review_id: r.review_id,
          report_type: 'blocked_property',
          counsel_owner: 'J. Counsel',
        },
        matterId: r.matter_id,
      };
    },
  },
  decideSanctionsReview: {
    level: 'matter',
    build: async (k) => {
      const r = await openReview(k);
      return {
        path: `/v1/sanctions/${r.review_id}/decision`,
        body: { decision: 'cleared', reason: 'Fixture: the address is not the listed one.' },
        matterId: r.matter_id,
      };
    },
  },
  getSanctionsReview: {
    level: 'matter',
    build: async (k) => {
      const r = await openReview(k);
      return { path: `/v1/sanctions/${r.review_id}`, matterId: r.matter_id };
    },
  },
  createPacketSanctionsReview: {
    level: 'matter',
    build: async (k) => {
      const m = await k.matter();
      return {
        path: '/v1/packets/sanctions-review',
        body: {
          matter_id: m,
          wallets: [LAZARUS_ETH],
          packet_type: 'sanctions_evidence',
          source_refs: [{ source_type: 'blockchain_record', title: 'Etherscan export' }],
          notes: 'fixture',
        },
        matterId: m,
      };
    },
  },
};
