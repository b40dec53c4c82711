import { defineConfig } from '@hey-api/openapi-ts';

/**
 * Generates src/generated from the service's OpenAPI document (dumped from the operation
 * registry to ../../build/openapi.json by `npm run client:generate` in the repository root).
 */
export default defineConfig({
  input: '../../build/openapi.json',
  output: { path: 'src/generated', format: false, lint: false },
  plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'],
});
