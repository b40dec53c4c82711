import type { Ctx } from '../../src/server/context';

/** The caller of an in-process service call: an unrestricted key `key` of organization `org` in `env`. */
export const serviceCtx = (org: string, env: string, key: string) =>
  ({
    org: { id: org, parent_id: null, features: [], pinned_version: '' },
    env,
    actor: { id: key, key_id: key, user_id: null, scopes: [], roles: [], matter_ids: null },
    requestId: `req_${key}`,
    version: '',
    idempotencyKey: null,
    origin: '',
    auditRef: null,
  }) as unknown as Ctx;
