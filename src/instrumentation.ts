/**
 * Runs once when a server process starts: migrate and bootstrap (printing a first-run key).
 * A database that is down at start must not kill the process: requests answer 503 and
 * retry `ready()` until it comes back.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { ready } = await import('./server/db/ready');
  const { log } = await import('./server/log');
  await ready().catch((e) => log.error({ err: String(e) }, 'database not ready at start; will retry on first request'));
}
