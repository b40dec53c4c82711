/**
 * Runs once when a server process starts: migrate and bootstrap (printing a first-run key),
 * then start the in-process webhook dispatcher. A database that is down at start must not
 * kill the process: requests answer 503 meanwhile, and start-up is retried every 5 s.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { ready } = await import('./server/db/ready');
  const { log } = await import('./server/log');
  for (;;) {
    try {
      await startBackground(await ready());
      return;
    } catch (e) {
      log.error({ err: String(e) }, 'database not ready at start; retrying in 5 s');
      await new Promise((r) => setTimeout(r, 5_000).unref());
    }
  }
}

async function startBackground(db: Awaited<ReturnType<typeof import('./server/db/ready').ready>>) {
  const listenUrl = process.env.DATABASE_URL;
  if (listenUrl) {
    // Tell dispatchers in other processes (workers, other servers) about our commits.
    const { publishCommits } = await import('./server/jobs/pg-outbox-channel');
    publishCommits(db);
  }
  const { inProcessDispatcher } = await import('./server/jobs/webhook-config');
  if (!inProcessDispatcher()) return;
  const { startDispatcher } = await import('./server/jobs/webhook-dispatcher');
  const dispatcher = startDispatcher(db, { listenUrl });
  // Next exits on SIGTERM once its HTTP server has closed; stop claiming at once so no new
  // attempt starts. An attempt cut short by the exit is retried when its lease expires.
  const stop = () => void dispatcher.stop(5_000);
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
