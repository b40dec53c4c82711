import { z } from 'zod';
import { timestamp } from './schemas';
import { defineOp } from './define';

export const getHealth = defineOp('GET', '/v1/health', {
  name: 'getHealth',
  summary: 'Service status and API version',
  response: z
    .object({
      object: z.literal('health'),
      status: z.literal('ok'),
      version: z.string().describe('The API version (MD-Version) this service speaks by default.'),
      service_version: z.string().describe('The deployed service build.'),
      environment: z.enum(['sandbox', 'production']),
      timestamp: timestamp(),
    })
    .meta({ id: 'Health', description: 'Service status.' }),
});

export const getCapabilities = defineOp('GET', '/v1/capabilities', {
  name: 'getCapabilities',
  summary: 'Modules, environments, feature flags and the access posture of the calling key',
  response: z
    .object({
      object: z.literal('capabilities'),
      capabilities: z.array(z.string()),
      modules: z.array(z.string()),
      environments: z.array(z.string()),
      features: z.array(z.string()).describe("Feature flags of the caller's organization."),
      access: z
        .object({
          environment: z.enum(['sandbox', 'production']),
          scopes: z.array(z.string()),
          roles: z.array(z.string()).nullable(),
          matter_ids: z
            .array(z.string())
            .nullable()
            .describe('The matters a restricted key may see; null when unrestricted.'),
          production_access: z.boolean(),
        })
        .describe('What the calling key may do.'),
      api_version: z.string(),
      notes: z.string(),
    })
    .meta({
      id: 'Capabilities',
      description: 'Modules, environments, feature flags and the access posture of the calling key.',
    }),
});
