/**
 * Starts the event-loop monitor, as the service's own instrumentation does, so the bench reads
 * both apps' delay the same way (GET /metrics). Having this file also matters for another
 * reason: without an instrumentation file of its own, Turbopack looks for one in the folders
 * above and would bundle the service's src/instrumentation.ts (migrations, background jobs).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  (await import('../../src/server/http/event-loop.ts')).eventLoopMonitor();
}
