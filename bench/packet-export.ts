/**
 * Packet export benchmark on its own (`tsx bench/packet-export.ts`; needs `npm run build`,
 * PostgreSQL at DATABASE_URL, default the local server, and poppler's pdfinfo): starts the
 * built app on a fresh database and runs the packet-export suite (bench/suites/packet-export.ts),
 * which `npm run bench` also runs.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startServer } from '../tests/helpers/server';
import { benchContext } from './harness';
import { packetExportBench } from './suites/packet-export';

process.env.DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/postgres';
if (!existsSync(path.resolve(import.meta.dirname, '..', '.next', 'BUILD_ID'))) {
  console.error('bench/packet-export.ts needs a production build: run `npm run build` first.');
  process.exit(1);
}

const srv = await startServer({ MD_WORKER_POLL_MS: '100' });
try {
  for (const row of await packetExportBench(benchContext(srv)))
    console.log(`${row.name}: ${row.value} ${row.unit} (${row.note})`);
} finally {
  await srv.stop();
}
