/**
 * Runs once when a server process starts. Next compiles this file for the Edge runtime too; the
 * Node.js work (database, background jobs, `process.exit` on a held PGlite folder) lives in its
 * own module behind the runtime check, so the Edge build never sees Node-only APIs and the build
 * prints no warning about them.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') await (await import('./instrumentation-node')).registerNode();
}
