import type { PrismaClient, Prisma } from '@/generated/prisma/client';

export type Env = 'sandbox' | 'production';

/** Who is acting. A key may be bound to a user, whose roles and matters narrow it further. */
export interface Actor {
  /** The id recorded as `actor_id`: the user when there is one, else the key. */
  id: string;
  key_id: string | null;
  user_id: string | null;
  /** Scopes granted by the credential (key scopes, or `*` for a console session). */
  scopes: string[];
  /** Roles of the bound user, or null when the key is not bound to a user. */
  roles: string[] | null;
  /** Matters this actor may see; null means every matter of the organization. */
  matter_ids: string[] | null;
}

export interface OrgInfo {
  id: string;
  parent_id: string | null;
  features: string[];
  pinned_version: string;
}

/**
 * The one request context, built by the REST wrapper from an API key and by tRPC from the
 * console session. Every service takes it and scopes every query by org and env.
 */
export interface Ctx {
  org: OrgInfo;
  env: Env;
  actor: Actor;
  requestId: string;
  version: string;
  idempotencyKey: string | null;
  /** Base URL that the caller reached us on (for links such as invite_url). */
  origin: string;
  /** The audit event written by this request, if any: becomes `audit_ref`. */
  auditRef: string | null;
}

/** A Prisma client or an interactive transaction client. */
export type Db = PrismaClient | Prisma.TransactionClient;
/** A transaction client: write services require one so their effects commit together. */
export type Tx = Prisma.TransactionClient;
