/**
 * Typed client for the Judgment Recovery Case Service /v1 API. Everything under ./generated
 * is generated from the service's OpenAPI document (`npm run client:generate` in the service
 * repository); do not edit it by hand.
 */
import { client } from './generated/client.gen';

export * from './generated';
export { client };

export const API_VERSION = '2026-06-11';

/** Points the shared client at a server with an API key (`md_test_…` or `md_live_…`). */
export function configure(opts: { baseUrl: string; apiKey: string; version?: string }) {
  client.setConfig({
    baseUrl: opts.baseUrl,
    auth: opts.apiKey,
    headers: { 'MD-Version': opts.version ?? API_VERSION },
  });
  return client;
}
