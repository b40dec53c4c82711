import { getDb } from './client';
import { bootstrap } from '../bootstrap';

let readyPromise: ReturnType<typeof init> | null = null;

async function init() {
  const db = await getDb();
  await bootstrap(db);
  return db;
}

/** The database, migrated and bootstrapped (first run), once per process. Retries after a failure. */
export function ready() {
  readyPromise ??= init().catch((e) => {
    readyPromise = null;
    throw e;
  });
  return readyPromise;
}
