/**
 * Runs once when a server process starts: migrate, bootstrap (printing a first-run key), and
 * start the in-process background workers.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { ready } = await import('./server/db/ready');
  await ready();
}
