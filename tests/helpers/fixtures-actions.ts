/**
 * Fixture rows of the Actions and Relationships folders (spread into the table in fixtures.ts).
 *
 * An action exists only on a matter that had authority when it was created; while
 * `kit.authority` is false the grant lapses right after the setup (as for judgments), so the
 * gate check sees a matter with no grant in effect.
 */
import { SOURCE } from './client';
import type { Fixture, Kit } from './fixtures';
import { packetOnMatter } from './fixtures-packets';

const LAPSE_MS = 4000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function must(p: Promise<{ status: number; body: any }>, what: string, status: number) {
  const r = await p;
  if (r.status !== status) throw new Error(`fixture setup (${what}) answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}

/** A user who may own actions and send contacts: an operator (or `roles`) of the root organization. */
export async function staffUser(k: Kit, roles = ['operator']): Promise<string> {
  const u = await must(
    k.c.post(`/v1/organizations/${k.orgId}/users`, {
      email: `${k.unique('staff')}@example.test`,
      name: 'Fixture Operator',
      roles,
    }),
    'staff user',
    201,
  );
  return u.user_id;
}

/** An action on a new matter; `in_progress` moves it there (complete needs that). */
export async function fixtureAction(k: Kit, opts: { inProgress?: boolean } = {}) {
  const lapsing = !k.authority;
  const m = await k.matter({ authority: false });
  const lapsesAt = lapsing ? new Date(Date.now() + LAPSE_MS) : undefined;
  await k.grant(m, lapsesAt);
  const a = await must(
    k.c.post('/v1/actions', {
      matter_id: m,
      type: 'debtor_discovery',
      title: k.unique('Serve discovery'),
      priority: 'high',
    }),
    'action',
    200,
  );
  if (opts.inProgress)
    await must(k.c.patch(`/v1/actions/${a.action_id}`, { status: 'in_progress' }), 'start action', 200);
  if (lapsesAt) {
    if (Date.now() >= lapsesAt.getTime()) throw new Error(`fixture setup (lapsing authority) took over ${LAPSE_MS} ms`);
    await sleep(lapsesAt.getTime() - Date.now() + 50);
  }
  return { action_id: a.action_id as string, matter_id: m };
}

/** A relationship usable by operators for exchange packets. */
export async function fixtureRelationship(k: Kit, over: Record<string, unknown> = {}) {
  const r = await must(k.c.post('/v1/relationships', relationshipBody(k, over)), 'relationship', 201);
  return r as { relationship_id: string; counterparty_id: string };
}

export const relationshipBody = (k: Kit, over: Record<string, unknown> = {}) => ({
  counterparty_type: 'exchange',
  counterparty_name: k.unique('Exchange'),
  channel_type: 'legal_process_portal',
  usable_by_operator: true,
  usable_by_counsel: true,
  usable_by_law_enforcement: false,
  authorized_submitter_required: false,
  packet_types_supported: ['exchange_freeze', 'exchange_intercept'],
  risk_level: 'low',
  notes: 'fixture',
  ...over,
});

const REGISTRY = {
  status: 403 as const,
  code: 'matter_restricted_key' as const,
  why: 'the relationship registry spans every matter',
};

export const actionFixtures: Record<string, Fixture> = {
  createAction: {
    level: 'matter',
    // The linked packet must be a packet of the same matter.
    build: async (k) => {
      const owner = await staffUser(k);
      return packetOnMatter(
        k,
        () => '/v1/actions',
        (packetId, s) => ({
          matter_id: s.matterId,
          type: 'vasp_legal_process',
          title: 'Serve a subpoena on the exchange',
          campaign_id: 'fixture-campaign',
          owner_id: owner,
          priority: 'urgent',
          due_at: '2030-01-15T17:00:00Z',
          linked_packet_id: packetId,
          requirements: ['Court order on file'],
        }),
      );
    },
  },
  listActions: { level: 'none', build: async () => ({ path: '/v1/actions' }) },
  getAction: {
    level: 'matter',
    build: async (k) => {
      const a = await fixtureAction(k);
      return { path: `/v1/actions/${a.action_id}`, matterId: a.matter_id };
    },
  },
  updateAction: {
    level: 'matter',
    build: async (k) => {
      const a = await fixtureAction(k);
      return {
        path: `/v1/actions/${a.action_id}`,
        body: {
          title: 'Serve discovery (revised)',
          status: 'in_progress',
          priority: 'urgent',
          due_at: '2030-02-01T12:00:00Z',
          campaign_id: 'wave-2',
          requirements: ['Draft interrogatories'],
        },
        matterId: a.matter_id,
      };
    },
  },
  assignAction: {
    level: 'matter',
    build: async (k) => {
      const a = await fixtureAction(k);
      return {
        path: `/v1/actions/${a.action_id}/assign`,
        body: { owner_id: await staffUser(k), notes: 'Take this one' },
        matterId: a.matter_id,
      };
    },
  },
  completeAction: {
    level: 'matter',
    build: async (k) => {
      const a = await fixtureAction(k, { inProgress: true });
      return {
        path: `/v1/actions/${a.action_id}/complete`,
        body: { completion_notes: 'Served on 2030-01-10', evidence_refs: [SOURCE] },
        matterId: a.matter_id,
      };
    },
  },
  listMatterActions: {
    level: 'matter',
    build: async (k) => {
      const m = await k.matter();
      return { path: `/v1/actions/matters/${m}`, matterId: m };
    },
  },
};

export const relationshipFixtures: Record<string, Fixture> = {
  createRelationship: {
    level: 'none',
    matterRestricted: REGISTRY,
    build: async (k) => ({ path: '/v1/relationships', body: relationshipBody(k) }),
  },
  listRelationships: { level: 'none', matterRestricted: REGISTRY, build: async () => ({ path: '/v1/relationships' }) },
  getRelationship: {
    level: 'env',
    matterRestricted: REGISTRY,
    build: async (k) => ({ path: `/v1/relationships/${(await fixtureRelationship(k)).relationship_id}` }),
  },
  updateRelationship: {
    level: 'env',
    matterRestricted: REGISTRY,
    build: async (k) => ({
      path: `/v1/relationships/${(await fixtureRelationship(k)).relationship_id}`,
      body: {
        channel_type: 'email',
        risk_level: 'high',
        notes: 'Slow to answer',
        packet_types_supported: ['exchange_freeze'],
      },
    }),
  },
  createContactLog: {
    // The log belongs to its matter: a key restricted to that matter may write it.
    level: 'matter',
    // The packet (an exchange intercept, a type the channel takes) is on the contact's matter.
    build: async (k) => {
      const r = await fixtureRelationship(k);
      const sender = await staffUser(k);
      return packetOnMatter(
        k,
        () => `/v1/relationships/${r.relationship_id}/contact-log`,
        (packetId, s) => ({
          matter_id: s.matterId,
          authorized_sender: sender,
          contact_type: 'portal_submission',
          packet_id: packetId,
          outcome: 'sent',
          notes: 'Submitted via portal',
        }),
      );
    },
  },
  getCounterparty: {
    level: 'env',
    matterRestricted: REGISTRY,
    build: async (k) => ({
      path: `/v1/relationships/counterparties/${(await fixtureRelationship(k)).counterparty_id}`,
    }),
  },
};
