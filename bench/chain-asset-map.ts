/**
 * Asset map benchmark on its own (`tsx bench/chain-asset-map.ts`; needs `npm run build` and
 * PostgreSQL at DATABASE_URL, default the local server): starts the built app on a fresh
 * database and runs the chain-asset-map suite (bench/suites/chain-asset-map.ts), which
 * `npm run bench` also runs. Exit code 1 when the p50 misses the 1 s target.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startServer } from '../tests/helpers/server';
import { benchContext } from './harness';
import { assetMapBench } from './suites/chain-asset-map';

process.env.DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/postgres';
if (!existsSync(path.resolve(import.meta.dirname, '..', '.next', 'BUILD_ID'))) {
  console.error('bench/chain-asset-map.ts needs a production build: run `npm run build` first.');
  process.exit(1);
}

const srv = await startServer({ MD_LOG_LEVEL: 'warn' });
try {
  const [row] = await assetMapBench(benchContext(srv));
  console.log(`${row.name}: ${row.value} ${row.unit} (${row.note})`);
  if (row.value >= 1000) process.exitCode = 1;
} finally {
  await srv.stop();
}
