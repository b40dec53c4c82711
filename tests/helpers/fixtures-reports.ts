/**
 * Fixture rows of the Reports folder (spread into the table in fixtures.ts). Reports are not
 * gated: a matter and (for the claimant update) a claimant are all they need.
 */
import type { Fixture, Kit } from './fixtures';

async function must(p: Promise<{ status: number; body: any }>, what: string, status = 201) {
  const r = await p;
  if (r.status !== status) throw new Error(`fixture setup (${what}) answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}

/** A campaign brief on a fresh matter. */
async function brief(k: Kit) {
  const m = await k.matter();
  const r = await must(
    k.c.post('/v1/reports/campaign-brief', {
      matter_id: m,
      audience: 'internal',
      include_sections: ['summary', 'ledger'],
    }),
    'campaign brief',
  );
  return { reportId: r.report_id as string, matterId: m };
}

export const reportFixtures: Record<string, Fixture> = {
  createCampaignBrief: {
    level: 'matter',
    build: async (k) => {
      const m = await k.matter();
      return {
        path: '/v1/reports/campaign-brief',
        body: { matter_id: m, audience: 'counsel', include_sections: ['summary', 'judgments', 'ledger'] },
        matterId: m,
      };
    },
  },
  createClaimantUpdate: {
    level: 'matter',
    build: async (k) => {
      const { claimant_id, matter_id } = await k.claimant();
      return {
        path: '/v1/reports/claimant-update',
        body: { matter_id, claimant_id, redaction_profile: 'claimant' },
        matterId: matter_id,
      };
    },
  },
  getReport: {
    level: 'matter',
    build: async (k) => {
      const b = await brief(k);
      return { path: `/v1/reports/${b.reportId}`, matterId: b.matterId };
    },
  },
  exportReport: {
    level: 'matter',
    // Exporting also takes the object's read scope (services/exports/exports.ts).
    grantsAlso: ['reports:read'],
    build: async (k) => {
      const b = await brief(k);
      return {
        path: `/v1/reports/${b.reportId}/export`,
        body: { format: 'json', redaction_profile: 'external' },
        matterId: b.matterId,
      };
    },
  },
};
