/** Every suite `npm run bench` measures. Add yours here (see bench/harness.ts). */
import type { BenchSuite } from '../harness';
import { core } from './core';
import { monitoring } from './monitoring';
import { chainAssetMap } from './chain-asset-map';
import { packetExport } from './packet-export';

export const suites: BenchSuite[] = [core, chainAssetMap, packetExport, monitoring];
