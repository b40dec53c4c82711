import { z } from 'zod';
import { SCOPE_NAMES } from '../auth/scopes';
import { defineOp } from './define';
import { arr, dateTime, listOf, listQuery, name, objectBase, str, timestamp, ENVIRONMENTS } from './schemas';
import { ORG_FEATURES, ORG_TYPES } from '../services/organizations/organizations';
import { USER_STATUSES } from '../services/organizations/users';
import { ROLES } from '../auth/roles';

const organization = objectBase('organization', 'organization_id')
  .extend({
    name: z.string(),
    type: z.enum(ORG_TYPES),
    parent_id: z.string().nullable(),
    features: z.array(z.string()),
    retention_policy: z.string().nullable(),
    api_version: z.string(),
    updated_at: timestamp(),
  })
  .meta({
    id: 'Organization',
    description: "An organization (tenant) of the service; children inherit nothing but the parent's oversight.",
  });

export const createOrganization = defineOp('POST', '/v1/organizations', {
  name: 'createOrganization',
  summary: 'Create a child organization of the caller’s organization',
  body: z.strictObject({ name: name(), type: z.enum(ORG_TYPES), retention_policy: str(200).nullable().optional() }),
  response: organization,
});
export const listOrganizations = defineOp('GET', '/v1/organizations', {
  name: 'listOrganizations',
  summary: 'The caller’s organization and (for admin keys) its descendants',
  query: listQuery(),
  response: listOf(organization),
});
export const getOrganization = defineOp('GET', '/v1/organizations/{organization_id}', {
  name: 'getOrganization',
  summary: 'An organization with its feature flags',
  response: organization,
});
export const updateOrganization = defineOp('PATCH', '/v1/organizations/{organization_id}', {
  name: 'updateOrganization',
  summary: 'Rename, set retention or feature flags (production_access only by the parent’s admin)',
  body: z.strictObject({
    name: name().optional(),
    retention_policy: str(200).nullable().optional(),
    features: arr(z.enum(ORG_FEATURES)).optional(),
    reason: str(2000)
      .nullable()
      .optional()
      .describe('Why reviewed features (production_access) change: recorded in the audit event with the reviewer.'),
  }),
  response: organization,
});

const apiKey = objectBase('api_key', 'key_id')
  .extend({
    organization_id: z.string(),
    name: z.string().nullable(),
    environment: z.enum(ENVIRONMENTS),
    scopes: z.array(z.enum(SCOPE_NAMES)),
    matter_ids: z.array(z.string()),
    user_id: z.string().nullable(),
    status: z.enum(['active', 'revoked', 'expired']),
    prefix: z.string(),
    expires_at: timestamp().nullable(),
    last_used_at: timestamp()
      .nullable()
      .describe('When the key last authenticated a request (recorded within about a minute); null if never.'),
    revoked_at: timestamp().nullable(),
  })
  .meta({ id: 'ApiKey', description: 'An API key (the secret is never returned after issue).' });
const issuedKey = apiKey
  .extend({ secret_once: z.string() })
  .meta({ id: 'IssuedApiKey', description: 'A newly issued API key with its secret, shown once.' });

export const issueApiKey = defineOp('POST', '/v1/organizations/{organization_id}/api-keys', {
  name: 'issueApiKey',
  summary: 'Issue an API key; the secret is returned once as secret_once',
  body: z.strictObject({
    name: str(200).nullable().optional(),
    environment: z.enum(ENVIRONMENTS).optional(),
    scopes: arr(
      z.enum(SCOPE_NAMES, { error: "an API scope: '*', '<family>:*' or a scope named in the reference" }),
    ).min(1),
    matter_ids: arr(str(100)).optional(),
    expires_at: dateTime().nullable().optional(),
    user_id: str(100).nullable().optional(),
  }),
  response: issuedKey,
});
export const listApiKeys = defineOp('GET', '/v1/organizations/{organization_id}/api-keys', {
  name: 'listApiKeys',
  summary: 'API keys with status metadata; secrets are never returned',
  query: listQuery({
    environment: z.enum(ENVIRONMENTS).optional(),
    status: z.enum(['active', 'revoked', 'expired']).optional(),
  }),
  response: listOf(apiKey),
});
export const revokeApiKey = defineOp('POST', '/v1/organizations/{organization_id}/api-keys/{key_id}/revoke', {
  name: 'revokeApiKey',
  summary: 'Revoke an API key immediately',
  body: z.strictObject({}),
  response: apiKey,
});
export const rollApiKey = defineOp('POST', '/v1/organizations/{organization_id}/api-keys/{key_id}/roll', {
  name: 'rollApiKey',
  summary: 'Replace a key’s secret; the old key is revoked now or expires at expires_at (≤ 7 days)',
  body: z.strictObject({ expires_at: dateTime().nullable().optional() }),
  response: issuedKey.extend({ rolled_from: z.string() }),
});

const user = objectBase('user', 'user_id')
  .extend({
    organization_id: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    roles: z.array(z.enum(ROLES)),
    matter_ids: z.array(z.string()),
    status: z.enum(USER_STATUSES),
    updated_at: timestamp(),
  })
  .meta({ id: 'User', description: 'A console user with roles and matter permissions.' });

export const inviteUser = defineOp('POST', '/v1/organizations/{organization_id}/users', {
  name: 'inviteUser',
  summary: 'Invite a user with roles and matter permissions; returns a one-time invite_url',
  body: z.strictObject({
    email: z.email().max(320),
    name: str(200).nullable().optional(),
    roles: arr(z.enum(ROLES)).min(1),
    matter_ids: arr(str(100)).optional(),
  }),
  response: user.extend({ invite_url: z.string(), invite_expires_at: timestamp() }),
});
export const listUsers = defineOp('GET', '/v1/organizations/{organization_id}/users', {
  name: 'listUsers',
  summary: 'Users of an organization',
  query: listQuery(),
  response: listOf(user),
});
export const updateUser = defineOp('PATCH', '/v1/organizations/{organization_id}/users/{user_id}', {
  name: 'updateUser',
  summary: 'Change a user’s name, roles, matter permissions or status',
  body: z.strictObject({
    name: str(200).nullable().optional(),
    roles: arr(z.enum(ROLES)).min(1).optional(),
    matter_ids: arr(str(100)).optional(),
    status: z.enum(['active', 'disabled']).optional(),
  }),
  response: user,
});
