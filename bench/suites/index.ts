/** Every suite `npm run bench` measures. Add yours here (see bench/harness.ts). */
import type { BenchSuite } from '../harness';
import { core } from './core';

export const suites: BenchSuite[] = [core];
