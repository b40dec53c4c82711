/**
 * The Node.js half of `instrumentation.ts`: migrate and bootstrap (printing a first-run key),
 * then start background work. A database that is down at start must not kill the process:
 * requests answer 503 meanwhile, and start-up is retried every 5 s. A PGlite folder held by
 * another process is different: the process exits at once with a clear message.
 */
export async function registerNode() {
  // From the first moment, so /metrics covers start-up (migrations, bootstrap) too.
  (await import('./server/http/event-loop')).eventLoopMonitor();
  // First, before any request is answered: the sign-in throttle and links need the socket peer.
  await (await import('./server/http/client-address')).stampPeerAddress();
  // The sanctions lists are read and indexed on the screening thread (screen-thread.ts), which
  // starts now and loads them while this thread goes on; start-up waits for it below, so the
  // first screen never waits for the lists.
  const screening = (await import('./server/services/sanctions/screen-thread')).startScreening();
  // Likewise the address labels (exchange, GraphSense, OFAC addresses) that graphs, plans and
  // hypotheses look up: indexed on first use, that first use held the loop for 150-400 ms.
  try {
    (await import('./server/services/judgments/wallet-data')).walletIndex();
  } catch {
    // Not fatal here: the first request that needs the labels builds them and reports the error.
  }
  const { ready } = await import('./server/db/ready');
  const { startBackground } = await import('./server/jobs/start-background');
  const { log } = await import('./server/log');
  const lists = await screening;
  // A list that fails to load is logged and left to fail the screening requests themselves,
  // which then answer 503.
  if (lists.loaded) log.info({ ms: lists.ms, entries: lists.entries, as_of: lists.as_of }, 'sanctions lists loaded');
  else log.error({ err: lists.message }, 'sanctions lists failed to load at start');
  const { DataDirLockedError } = await import('./server/db/data-dir-lock');
  for (;;) {
    try {
      await startBackground(await ready());
      return;
    } catch (e) {
      // Another process holds the PGlite folder: waiting cannot help, and serving 503s forever
      // would hide the mistake. Say so and stop.
      if (e instanceof DataDirLockedError) {
        log.fatal({ err: e.message }, 'cannot open the embedded database');
        console.error(e.message);
        process.exit(1);
      }
      log.error({ err: String(e) }, 'database not ready at start; retrying in 5 s');
      await new Promise((r) => setTimeout(r, 5_000).unref());
    }
  }
}
