import { grants } from './scopes';

/**
 * What each user role may do. A key bound to a user acts with the intersection of the key's
 * scopes and these. `*:read` stands for every read-like scope (read, and the GET-only scopes).
 * `packets:approve` (moving a packet to `approved`) is held by admin (`*`) and counsel
 * (`packets:*`); operator and reviewer hold only `packets:write`, so they cannot approve.
 */
export const ROLES = ['admin', 'counsel', 'operator', 'analyst', 'reviewer', 'vendor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

const READ = ['*:read'];
const ROLE_SCOPES: Record<Role, string[]> = {
  admin: ['*'],
  counsel: [
    ...READ,
    'matters:*',
    'claimants:*',
    'authority:*',
    'judgments:*',
    'packets:*',
    'actions:*',
    'ledger:*',
    'audit:*',
    'reports:*',
    'sanctions:*',
    'issuer:*',
    'relationships:*',
  ],
  operator: [
    ...READ,
    'matters:write',
    'claimants:write',
    'judgments:write',
    'packets:write',
    'packets:export',
    'actions:*',
    'ledger:write',
    'audit:write',
    'reports:*',
    'relationships:*',
    'monitoring:*',
    'crypto:*',
    'attribution:*',
    'network:*',
    'sanctions:screen',
    'sandbox:write',
  ],
  analyst: [
    ...READ,
    'crypto:*',
    'attribution:*',
    'network:*',
    'monitoring:*',
    'sanctions:screen',
    'actions:write',
    'sandbox:write',
  ],
  reviewer: [...READ, 'packets:write', 'actions:write', 'audit:write'],
  vendor: ['matters:read', 'actions:read', 'actions:write', 'health:read', 'capabilities:read'],
  viewer: READ,
};

const isReadScope = (scope: string) => /:(read)$/.test(scope);

export function roleGrants(roles: readonly string[], required: string): boolean {
  return roles.some((r) => {
    const list = ROLE_SCOPES[r as Role];
    if (!list) return false;
    if (list.includes('*:read') && isReadScope(required)) return true;
    return grants(
      list.filter((s) => s !== '*:read'),
      required,
    );
  });
}
