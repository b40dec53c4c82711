/**
 * Per-operation fixtures: how to build one valid request for every registered operation.
 * The operations, security and bad-input suites loop over `allOperations` and look each one up
 * here; they fail when an operation has no row, so a module that registers an operation adds
 * its row to this table (or to its own file spread into it).
 *
 * A fixture creates what its request needs through the kit (as the root organization's admin,
 * in the sandbox) and returns the concrete path, a valid body and, for matter-level objects,
 * the matter the request acts on. The suites then send that request with other keys.
 */
import type { ErrorCode } from '../../src/server/errors';
import { scopesOfRole } from '../../src/server/auth/grant-rules';
import { SOURCE, type Client } from './client';
import { intakeBody, judgmentFixtures } from './fixtures-judgments';
import { ledgerFixtures } from './fixtures-ledger';
import { webhookFixtures } from './fixtures-webhooks';
import { actionFixtures, relationshipFixtures } from './fixtures-actions';
import { sanctionsFixtures } from './fixtures-sanctions';
import { packetFixtures } from './fixtures-packets';
import { reportFixtures } from './fixtures-reports';
import { chainFixtures } from './fixtures-chain';
import { monitoringFixtures } from './fixtures-monitoring';
import { issuerFixtures } from './fixtures-issuer';

export interface Req {
  /** Concrete path with every id filled in. */
  path: string;
  /** A valid body for operations that take one. */
  body?: Record<string, unknown>;
  /** The matter this request acts on (required for level 'matter'). */
  matterId?: string;
}

/**
 * What the request's object belongs to, which decides the isolation checks:
 * - 'matter': a matter or a matter's child — organization, environment and matter
 *   restrictions all apply;
 * - 'env': an object of the organization and one environment that belongs to no matter
 *   (webhook endpoints) — organization and environment apply; what a matter-restricted key
 *   gets is the fixture's `matterRestricted`;
 * - 'org': an organization-level object (organizations, keys, users) — the organization tree
 *   applies; such objects are shared by both environments and by every matter;
 * - 'none': the request names no object (health, creates and lists at the top level).
 */
export type Level = 'none' | 'org' | 'env' | 'matter';

export interface Fixture {
  level: Level;
  /** Builds a fresh, valid request. Called once per check that may consume it. */
  build(k: Kit): Promise<Req>;
  /** For a write that records no audit event: why (writes answer an `eve_` audit_ref otherwise). */
  noAudit?: string;
  /**
   * The refusal any key restricted to matters gets, whichever matters, for an operation that
   * spans every matter (e.g. webhook endpoints, which receive every matter's events). The
   * security suite then expects this instead of a 404 or a success, and runs the owner's
   * request with an unrestricted key.
   */
  matterRestricted?: { status: 403; code: ErrorCode; why: string };
  /**
   * Scopes the caller needs besides the operation's own because the request hands them out
   * (no caller gives more than it holds, API-CONTRACT §3): e.g. inviting a viewer takes every
   * read scope; or because the operation derives them (exporting an object takes its read
   * scope). The operations suite issues its "exactly the declared scope" key with these too.
   */
  grantsAlso?: string[];
}

const ORG_WIDE = { status: 403, code: 'matter_restricted_key', why: 'an organization-wide act' } as const;

export interface Kit {
  /** The owner: the root organization's admin key, sandbox. */
  c: Client;
  /** The root organization. */
  orgId: string;
  /** Whether `matter()` grants authority on new matters (the gate checks turn it off). */
  authority: boolean;
  /** A unique label, for names and emails. */
  unique(label?: string): string;
  /** A new open matter; with authority unless `kit.authority` is false or `{authority:false}`. */
  matter(opts?: { authority?: boolean }): Promise<string>;
  /** Grants authority on a matter (until `expiresAt`, if given); returns the grant id. */
  grant(matterId: string, expiresAt?: Date): Promise<string>;
  /** A claimant on `matterId` (or on a new matter). */
  claimant(matterId?: string): Promise<{ claimant_id: string; matter_id: string }>;
  /** A custom audit event on a matter; returns its id. */
  auditEvent(matterId: string): Promise<string>;
  /** A new API key of the root organization; returns its id. */
  apiKey(scopes?: string[]): Promise<string>;
  /** A newly invited user of the root organization; returns its id. */
  user(): Promise<string>;
  /**
   * A judgment taken in on a new matter; with `ready`, validated until enforcement_ready.
   * A judgment exists only on a matter with authority, so while `kit.authority` is false the
   * matter gets a grant that lapses right after the setup: it ends with authority_status
   * 'expired' (no grant in effect), the closest state to "no grant" such an object can have.
   * `lapseMs` is that grant's life (LAPSE_MS; the fixture doubles it when the setup outlasts it).
   */
  judgment(opts?: { ready?: boolean }, lapseMs?: number): Promise<{ judgment_id: string; matter_id: string }>;
  /** A ledger entry (a cost) on a new matter. */
  ledgerEntry(): Promise<{ entry_id: string; matter_id: string }>;
  /** A webhook endpoint of the sandbox, subscribed to a type nothing emits yet (no deliveries). */
  endpoint(): Promise<string>;
  /** The outbox event of type `type` (default matter.created) of a matter; returns its id. */
  event(matterId: string, type?: string): Promise<string>;
}

/**
 * How long a lapsing grant lasts at first: enough for a fixture's setup requests on an idle
 * machine (about 0.2 s). A setup that outlasts it starts over with twice as long, up to
 * LAPSE_MAX_MS, so a busy machine costs a retry rather than every gate check a 4 s wait.
 */
const LAPSE_MS = 1500;
const LAPSE_MAX_MS = 12_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Validates a judgment and fails the setup unless it comes out enforcement_ready. */
async function mustBeReady(c: Client, judgmentId: string) {
  const v = await must(
    c.post(`/v1/judgments/${judgmentId}/validate`, { consumer_debt: false }),
    'judgment validation',
    200,
  );
  if (v.enforcement_ready) return;
  const open = v.gates
    .filter((g: { status: string }) => g.status !== 'pass')
    .map((g: { gate: string; status: string; reasons: string[] }) => `${g.gate} ${g.status}: ${g.reasons.join(' ')}`);
  throw new Error(`fixture setup (ready judgment): validation is not enforcement_ready — ${open.join('; ')}`);
}

let counter = 0;

async function must(p: Promise<{ status: number; body: any }>, what: string, status = 201) {
  const r = await p;
  if (r.status !== status) throw new Error(`fixture setup (${what}) answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}

/** The kit for the organization whose admin client is `c`. */
export async function makeKit(c: Client): Promise<Kit> {
  const caps = await must(c.get('/v1/capabilities'), 'capabilities', 200);
  const orgs: any[] = [];
  for (let after = ''; ;) {
    const page = await must(
      c.get(`/v1/organizations?limit=100${after ? `&starting_after=${after}` : ''}`),
      'list organizations',
      200,
    );
    orgs.push(...page.data);
    if (!page.has_more) break;
    after = page.data.at(-1).organization_id;
  }
  // The caller's own organization is the one in the list that is not below another one in it.
  const ids = new Set(orgs.map((o) => o.organization_id));
  const own = orgs.find((o) => !o.parent_id || !ids.has(o.parent_id));
  if (!own || caps.access.environment !== 'sandbox') throw new Error('the kit needs a sandbox admin key');
  const kit: Kit = {
    c,
    orgId: own.organization_id,
    authority: true,
    unique: (label = 'fx') => `${label}-${process.pid}-${Date.now().toString(36)}-${++counter}`,
    async matter(opts = {}) {
      const m = await must(
        c.post('/v1/matters', {
          name: kit.unique('Fixture matter'),
          mode: 'enforcement',
          economics: { contingency_fee_pct: 25, currency: 'USD' },
        }),
        'matter',
      );
      if (opts.authority ?? kit.authority) await kit.grant(m.matter_id);
      return m.matter_id;
    },
    async grant(matterId, expiresAt) {
      const g = await must(
        c.post(`/v1/matters/${matterId}/authority`, {
          basis: 'engagement_letter',
          granted_by: 'Fixture Counsel',
          source_refs: [SOURCE],
          ...(expiresAt ? { expires_at: expiresAt.toISOString() } : {}),
        }),
        'authority grant',
      );
      return g.authority_id;
    },
    async claimant(matterId) {
      const mid = matterId ?? (await kit.matter());
      const cl = await must(
        c.post(`/v1/matters/${mid}/claimants`, { name: kit.unique('Claimant'), role: 'creditor' }),
        'claimant',
      );
      return { claimant_id: cl.claimant_id, matter_id: mid };
    },
    async auditEvent(matterId) {
      const e = await must(
        c.post('/v1/audit/events', {
          matter_id: matterId,
          event_type: 'custom.fixture_note',
          details: { note: 'fixture' },
        }),
        'audit event',
      );
      return e.event_id;
    },
    async apiKey(scopes = ['matters:read']) {
      const k = await must(
        c.post(`/v1/organizations/${kit.orgId}/api-keys`, { name: kit.unique('Fixture key'), scopes }),
        'api key',
      );
      return k.key_id;
    },
    async user() {
      const u = await must(
        c.post(`/v1/organizations/${kit.orgId}/users`, {
          email: `${kit.unique('user')}@example.test`,
          roles: ['viewer'],
        }),
        'user',
      );
      return u.user_id;
    },
    async judgment(opts = {}, lapseMs = LAPSE_MS) {
      const lapsing = !kit.authority;
      const m = await kit.matter({ authority: false });
      const lapsesAt = lapsing ? Date.now() + lapseMs : null;
      await kit.grant(m, lapsesAt === null ? undefined : new Date(lapsesAt));
      // A setup that outlasted its grant (or was refused because of it) starts over with longer.
      const again = () => {
        if (lapseMs >= LAPSE_MAX_MS) throw new Error(`fixture setup (lapsing authority) took over ${LAPSE_MAX_MS} ms`);
        return kit.judgment(opts, lapseMs * 2);
      };
      let j: { judgment_id: string };
      try {
        j = await must(c.post('/v1/judgments/intake', intakeBody(kit, m)), 'judgment intake', 200);
        if (opts.ready) await mustBeReady(c, j.judgment_id);
      } catch (e) {
        if (lapsesAt !== null && Date.now() >= lapsesAt) return again();
        throw e;
      }
      if (lapsesAt !== null) {
        if (Date.now() >= lapsesAt) return again();
        await sleep(lapsesAt - Date.now() + 50);
      }
      return { judgment_id: j.judgment_id, matter_id: m };
    },
    async ledgerEntry() {
      const m = await kit.matter({ authority: true });
      const e = await must(
        c.post('/v1/ledger/entries', {
          matter_id: m,
          type: 'cost',
          amount: { amount: '350.00', currency: 'USD' },
          description: 'Filing fee',
          occurred_at: '2024-07-01T00:00:00Z',
        }),
        'ledger entry',
      );
      return { entry_id: e.entry_id, matter_id: m };
    },
    async endpoint() {
      const e = await must(
        c.post('/v1/webhook_endpoints', {
          url: `http://127.0.0.1:9/${kit.unique('hook')}`,
          enabled_events: ['report.exported'],
        }),
        'webhook endpoint',
      );
      return e.webhook_endpoint_id;
    },
    async event(matterId, type = 'matter.created') {
      const page = await must(c.get(`/v1/events?matter_id=${matterId}&type=${type}&limit=1`), 'list events', 200);
      if (!page.data.length) throw new Error(`fixture setup (event): no ${type} event on ${matterId}`);
      return page.data[0].id;
    },
  };
  return kit;
}

const matterReq = async (k: Kit, tail: string, body?: Record<string, unknown>): Promise<Req> => {
  const m = await k.matter();
  return { path: `/v1/matters/${m}${tail}`, body, matterId: m };
};

/** One row per registered operation, keyed by operation name. */
export const fixtures: Record<string, Fixture> = {
  // Health
  getHealth: { level: 'none', build: async () => ({ path: '/v1/health' }) },
  getCapabilities: { level: 'none', build: async () => ({ path: '/v1/capabilities' }) },

  // Organizations
  createOrganization: {
    level: 'none',
    matterRestricted: ORG_WIDE,
    build: async (k) => ({
      path: '/v1/organizations',
      body: { name: k.unique('Child org'), type: 'partner', retention_policy: '7 years' },
    }),
  },
  listOrganizations: { level: 'none', build: async () => ({ path: '/v1/organizations' }) },
  getOrganization: { level: 'org', build: async (k) => ({ path: `/v1/organizations/${k.orgId}` }) },
  updateOrganization: {
    level: 'org',
    matterRestricted: ORG_WIDE,
    build: async (k) => ({
      path: `/v1/organizations/${k.orgId}`,
      body: { retention_policy: `7 years (${k.unique('r')})` },
    }),
  },

  // API Keys
  issueApiKey: {
    level: 'org',
    // keys:write only: a key may issue keys no stronger than itself.
    build: async (k) => ({
      path: `/v1/organizations/${k.orgId}/api-keys`,
      body: { name: k.unique('Issued key'), environment: 'sandbox', scopes: ['keys:write'] },
    }),
  },
  listApiKeys: {
    level: 'org',
    matterRestricted: ORG_WIDE,
    build: async (k) => ({ path: `/v1/organizations/${k.orgId}/api-keys` }),
  },
  revokeApiKey: {
    level: 'org',
    // Revoking obeys the issuing rule too: the fixture key holds keys:write alone.
    build: async (k) => ({
      path: `/v1/organizations/${k.orgId}/api-keys/${await k.apiKey(['keys:write'])}/revoke`,
      body: {},
    }),
  },
  rollApiKey: {
    level: 'org',
    // A key may only roll keys no stronger than itself: the fixture key holds keys:write alone.
    build: async (k) => ({
      path: `/v1/organizations/${k.orgId}/api-keys/${await k.apiKey(['keys:write'])}/roll`,
      body: {},
    }),
  },

  // Users
  inviteUser: {
    level: 'org',
    grantsAlso: scopesOfRole('viewer'),
    build: async (k) => ({
      path: `/v1/organizations/${k.orgId}/users`,
      body: { email: `${k.unique('invitee')}@example.test`, name: 'Invited Person', roles: ['viewer'] },
    }),
  },
  listUsers: {
    level: 'org',
    matterRestricted: ORG_WIDE,
    build: async (k) => ({ path: `/v1/organizations/${k.orgId}/users` }),
  },
  updateUser: {
    level: 'org',
    grantsAlso: [...new Set([...scopesOfRole('viewer'), ...scopesOfRole('analyst')])],
    build: async (k) => ({
      path: `/v1/organizations/${k.orgId}/users/${await k.user()}`,
      body: { name: 'Renamed Person', roles: ['analyst'] },
    }),
  },

  // Matters
  createMatter: {
    level: 'none',
    matterRestricted: { status: 403, code: 'matter_restricted_key', why: 'a new matter is outside every restriction' },
    build: async (k) => ({
      path: '/v1/matters',
      body: {
        name: k.unique('Matter'),
        mode: 'enforcement',
        lead_counsel: 'J. Counsel',
        economics: { contingency_fee_pct: 30, currency: 'USD' },
        notes: 'fixture',
      },
    }),
  },
  listMatters: { level: 'none', build: async () => ({ path: '/v1/matters' }) },
  getMatter: { level: 'matter', build: (k) => matterReq(k, '') },
  updateMatter: {
    level: 'matter',
    build: (k) => matterReq(k, '', { name: k.unique('Renamed matter'), lead_counsel: 'A. Counsel' }),
  },
  getMatterDashboard: { level: 'matter', build: (k) => matterReq(k, '/dashboard') },
  closeMatter: { level: 'matter', build: (k) => matterReq(k, '/close', { reason: 'paid', notes: 'fixture' }) },
  grantAuthority: {
    level: 'matter',
    build: (k) =>
      matterReq(k, '/authority', {
        basis: 'court_order',
        granted_by: 'Fixture Court',
        source_refs: [SOURCE],
        notes: 'fixture',
      }),
  },
  listAuthorityGrants: { level: 'matter', build: (k) => matterReq(k, '/authority') },
  revokeAuthorityGrant: {
    level: 'matter',
    build: async (k) => {
      const m = await k.matter({ authority: false });
      return {
        path: `/v1/matters/${m}/authority/${await k.grant(m)}/revoke`,
        body: { reason: 'engagement ended' },
        matterId: m,
      };
    },
  },

  // Claimants
  createClaimant: {
    level: 'matter',
    build: (k) =>
      matterReq(k, '/claimants', {
        name: k.unique('Creditor'),
        role: 'creditor',
        economics: { share_pct: 100 },
        source_refs: [SOURCE],
      }),
  },
  listClaimants: { level: 'matter', build: (k) => matterReq(k, '/claimants') },
  getClaimant: {
    level: 'matter',
    build: async (k) => {
      const cl = await k.claimant();
      return { path: `/v1/claimants/${cl.claimant_id}`, matterId: cl.matter_id };
    },
  },
  updateClaimant: {
    level: 'matter',
    build: async (k) => {
      const cl = await k.claimant();
      return {
        path: `/v1/claimants/${cl.claimant_id}`,
        body: { name: k.unique('Renamed creditor'), economics: { share_pct: 50 } },
        matterId: cl.matter_id,
      };
    },
  },

  // Audit
  createAuditEvent: {
    level: 'matter',
    build: async (k) => {
      const m = await k.matter();
      return {
        path: '/v1/audit/events',
        body: {
          matter_id: m,
          event_type: 'custom.call_logged',
          object_type: 'matter',
          object_id: m,
          details: { minutes: 5 },
        },
        matterId: m,
      };
    },
  },
  getAuditEvent: {
    level: 'matter',
    build: async (k) => {
      const m = await k.matter();
      return { path: `/v1/audit/events/${await k.auditEvent(m)}`, matterId: m };
    },
  },
  listMatterAudit: {
    level: 'matter',
    build: async (k) => {
      const m = await k.matter();
      return { path: `/v1/audit/matters/${m}`, matterId: m };
    },
  },
  verifyMatterAudit: {
    level: 'matter',
    build: async (k) => {
      const m = await k.matter();
      return { path: `/v1/audit/matters/${m}/verify`, matterId: m };
    },
  },

  ...judgmentFixtures,
  ...ledgerFixtures,
  ...webhookFixtures,
  ...actionFixtures,
  ...relationshipFixtures,
  ...sanctionsFixtures,
  ...packetFixtures,
  ...chainFixtures,
  ...reportFixtures,
  ...monitoringFixtures,
  ...issuerFixtures,
};

/** The fixture of an operation, or a clear failure naming what to add. */
export function fixtureOf(name: string): Fixture {
  const f = fixtures[name];
  if (!f) throw new Error(`no fixture for operation '${name}': add a row to tests/helpers/fixtures.ts`);
  return f;
}
