import { z } from 'zod';
import { defineOp } from './define';

export const getHealth = defineOp('GET', '/v1/health', {
  name: 'getHealth', summary: 'Service status and API version',
  response: z.object({ object: z.literal('health'), status: z.literal('ok'), version: z.string(), environment: z.string(), timestamp: z.string() }),
});

export const getCapabilities = defineOp('GET', '/v1/capabilities', {
  name: 'getCapabilities', summary: 'Modules, environments, feature flags and the access posture of the calling key',
  response: z.object({ object: z.literal('capabilities'), capabilities: z.array(z.string()), modules: z.array(z.string()), environments: z.array(z.string()), notes: z.string() }),
});
