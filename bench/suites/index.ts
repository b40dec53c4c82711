/** Every suite `npm run bench` measures. Add yours here (see bench/harness.ts). */
import type { BenchSuite } from '../harness';
import { core } from './core';
import { monitoring } from './monitoring';

export const suites: BenchSuite[] = [core, monitoring];
