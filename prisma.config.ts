// Prisma 7 CLI configuration (read by `prisma generate`; see scripts/prisma-generate.sh).
// Migrations are NOT run through the Prisma CLI (its native schema-engine binary is not
// available offline); scripts/db-migrate.ts + src/server/db/migrate.ts drive the WASM
// schema engine instead, using the same folder layout declared here.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  // Multi-file schema: every *.prisma file under this folder is merged.
  schema: 'prisma/schema',
  migrations: { path: 'prisma/migrations' },
  // Only set when available: Prisma 7's env() helper throws on a missing variable, and
  // `prisma generate` does not need a URL at all.
  ...(process.env.DATABASE_URL ? { datasource: { url: process.env.DATABASE_URL } } : {}),
});
