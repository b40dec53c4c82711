/**
 * Writes the OpenAPI document (the one /v1/openapi.json serves, built from the registry) to a
 * file, for the linters and the client generator: `tsx scripts/openapi-dump.ts [out.json]`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openApiDocument } from '../src/server/operations/openapi';

const out = path.resolve(process.argv[2] ?? 'build/openapi.json');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify(openApiDocument(), null, 2) + '\n');
console.log(`wrote ${path.relative(process.cwd(), out)}`);
