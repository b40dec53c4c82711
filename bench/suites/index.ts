/**
 * Every suite `npm run bench` measures. Add yours here (see bench/harness.ts).
 * BENCH_SUITES=growth,attribution-graph runs only those (by name), beside the base rows.
 */
import type { BenchSuite } from '../harness';
import { core } from './core';
import { monitoring } from './monitoring';
import { chainAssetMap } from './chain-asset-map';
import { packetExport } from './packet-export';
import { growth } from './growth';
import { attributionGraph } from './attribution-graph';

const all: BenchSuite[] = [core, chainAssetMap, packetExport, monitoring, growth, attributionGraph];

const only = process.env.BENCH_SUITES?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
for (const name of only ?? [])
  if (!all.some((s) => s.name === name))
    throw new Error(`BENCH_SUITES: no suite '${name}' (${all.map((s) => s.name).join(', ')})`);

/** The suites of this run: all, or those BENCH_SUITES names. */
export const suites: BenchSuite[] = only?.length ? all.filter((s) => only.includes(s.name)) : all;
/** True when BENCH_SUITES picked some: the run is partial. */
export const partialRun = !!only?.length && suites.length < all.length;
