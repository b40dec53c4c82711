/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // CI type-checks the whole project with `npm run typecheck` (tsc over the same tsconfig,
  // .next/types included), so the build's own pass over it (23 s of a CI build) is skipped there.
  typescript: { ignoreBuildErrors: Boolean(process.env.CI) },
  experimental: {
    // Turbopack keeps its build cache in .next for the next build; CI builds a fresh clone once
    // and never reads it back, and writing it took 21 s of a 2.5-minute build there.
    turbopackFileSystemCacheForBuild: !process.env.CI,
    // `next start` loads every route's module at start, so that no first request pays for it.
    // A test server answers a few routes and is started over and over: there that preload was
    // 1.8 s of the 5.3 s of CPU a start took (PostgreSQL, 2026-12-06), so the tests' servers
    // (tests/helpers/server.ts) set MD_PRELOAD_ROUTES=0 and load a route on its first request.
    preloadEntriesOnStart: process.env.MD_PRELOAD_ROUTES !== '0',
  },
  // The proxy answers `/path/` with its own 308 to `/path` (src/proxy.ts), so that the redirect
  // carries a request id like every other /v1 answer.
  skipTrailingSlashRedirect: true,
  // Loaded with plain Node `import` at runtime instead of being bundled: PGlite reads its
  // .wasm/.data files relative to its own module URL, the schema engine is instantiated by
  // hand from node_modules (src/server/db/migrate.ts), and the adapters must share one copy
  // of their classes with those packages. (@prisma/client and pg are external by default.)
  serverExternalPackages: [
    '@electric-sql/pglite',
    'pglite-prisma-adapter',
    '@prisma/adapter-pg',
    '@prisma/driver-adapter-utils',
    '@prisma/schema-engine-wasm',
    // Reads its font metrics (data/*.afm) relative to its own files at runtime.
    'pdfkit',
  ],
  // Read at runtime via paths computed from process.cwd() (src/server/db/migrate.ts), which
  // the file tracer cannot follow (migrations, the engine, shipped reference data in data/);
  // needed only for `output: "standalone"` style deploys.
  outputFileTracingIncludes: {
    '/**': ['./prisma/migrations/**/*', './node_modules/@prisma/schema-engine-wasm/**/*', './data/**/*'],
  },
};

export default nextConfig;
