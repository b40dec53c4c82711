import type { Ctx, Db } from '../../context';
import { API_VERSION, config } from '../../config';
import { ApiError } from '../../errors';

export async function health(ctx: Ctx, db: Db) {
  try {
    await db.$queryRaw`SELECT 1`;
  } catch {
    throw new ApiError('service_unavailable', 'The database is unreachable.', { headers: { 'Retry-After': '5' } });
  }
  return {
    object: 'health' as const,
    status: 'ok' as const,
    version: API_VERSION,
    service_version: config.serviceVersion,
    environment: ctx.env,
    timestamp: new Date().toISOString(),
  };
}

/** Modules that are served; grows as each module lands. */
export const MODULES = [
  'organizations',
  'api_keys',
  'users',
  'matters',
  'authority',
  'claimants',
  'audit',
  'judgments',
  'enforcement',
  'ledger',
  'packets',
  'exports',
  'relationships',
  'actions',
  'crypto',
  'attribution',
  'network_attribution',
  'monitoring',
  'reports',
  'sanctions',
  'issuer_remediation',
  'webhooks',
  'events',
  'sandbox_chain',
];

export function capabilities(ctx: Ctx) {
  return {
    object: 'capabilities' as const,
    capabilities: [
      'idempotency',
      'keyset_pagination',
      'audit_chain',
      'authority_gate',
      'matter_restricted_keys',
      'organization_tree',
      'rate_limiting',
      'openapi',
    ],
    modules: MODULES,
    environments: ['sandbox', 'production'],
    features: ctx.org.features,
    access: {
      environment: ctx.env,
      scopes: ctx.actor.scopes,
      roles: ctx.actor.roles,
      matter_ids: ctx.actor.matter_ids,
      production_access: ctx.org.features.includes('production_access'),
    },
    api_version: API_VERSION,
    notes: 'The service prepares packets and workflows only; it never moves, freezes or burns funds.',
  };
}
