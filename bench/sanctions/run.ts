/**
 * npm run bench:sanctions: the name matcher's figures in-process (recall on real variants, false
 * positives on 10,000 ordinary names, names per second), as docs/sanctions-matching.md reports.
 */
import { loadSdnIndex } from '../../src/server/services/sanctions/sdn-data';
import { measureMatcher } from './matcher';

const t0 = performance.now();
const index = loadSdnIndex(process.cwd());
const loadMs = Math.round(performance.now() - t0);
const f = measureMatcher(index);
console.log(
  JSON.stringify(
    {
      index_build_ms: loadMs,
      recall: `${f.found}/${f.variants} (${(f.recall * 100).toFixed(1)} %)`,
      by_category: f.byCategory,
      missed: f.missed.map((m) => `${m.category}: ${m.query}`),
      false_positives: `${f.flagged.length}/${f.ordinary} (${(f.falsePositiveRate * 100).toFixed(2)} %)`,
      flagged: f.flagged.map(
        (x) => `${x.name} → ${x.match.matched} (${x.match.score}; ${x.match.explanation.rules.join(', ')})`,
      ),
      names_per_second: f.namesPerSecond,
      slowest_name_ms: f.slowestMs,
    },
    null,
    2,
  ),
);
