import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { DATASET_PARTS, sdnDataset, type DatasetPart, type PartName } from '../../domain/sanctions/sdn-dataset';
import { parseAltCsv, withAliases } from '../../domain/sanctions/sdn-files';
import { buildSdnIndex, parseSdnCsv, type SdnIndex } from '../../domain/sanctions/sdn-list';
import { appIndexCache, cachedIndex } from './index-cache';

/**
 * The shipped OFAC SDN names list (data/ofac-sdn: sdn.csv.gz, 18,367 entries, and alt.csv.gz,
 * 20,089 aliases, of 2025-11-19), read, checked and indexed once per process. That takes
 * 0.5-2.5 s of CPU, so the server warms it at start (src/instrumentation-node.ts) rather than on
 * the first screening request (the token index of token-index.ts adds tens of ms), and a built
 * index is kept between starts of the same build and list (index-cache.ts); after that
 * a name takes well under a millisecond, a few milliseconds of CPU at most. Each part's
 * hash is checked against dataset.json: a replaced file keeps working but is reported without
 * a date until `npm run data:ofac` records it.
 */
// On globalThis: Next bundles instrumentation and each route handler separately, and all must
// share the one index the server warmed at start (a module variable would hold one per bundle).
const g = globalThis as typeof globalThis & { __mdSdnIndex?: SdnIndex };

export function sdnIndex(): SdnIndex {
  if (!g.__mdSdnIndex) {
    const root = process.cwd();
    // Runtime paths: kept out of Next's file tracing, like the reads below.
    const files = DATASET_PARTS.map((p) => path.join(/* turbopackIgnore: true */ root, p.file));
    g.__mdSdnIndex = cachedIndex(appIndexCache(root), 'sdn', files, () => loadSdnIndex(root));
  }
  return g.__mdSdnIndex;
}

/** Reads the recorded parts under `root` (the app root) and builds the index. */
export function loadSdnIndex(root: string, parts: DatasetPart[] = DATASET_PARTS): SdnIndex {
  const checked: DatasetPart[] = [];
  const read = (name: PartName) => {
    const p = parts.find((x) => x.part === name);
    if (!p) return null;
    // Runtime path: kept out of Next's file tracing (next.config.js traces data/ explicitly).
    const buf = gunzipSync(readFileSync(path.join(/* turbopackIgnore: true */ root, p.file)));
    const sha256 = createHash('sha256').update(buf).digest('hex');
    checked.push(sha256 === p.sha256 ? p : { ...p, sha256, as_of: null });
    return buf.toString('utf8');
  };
  const sdn = read('sdn');
  if (sdn === null) throw new Error('data/ofac-sdn/dataset.json records no sdn part');
  const alt = read('alt');
  const entries = withAliases(parseSdnCsv(sdn), alt === null ? [] : parseAltCsv(alt));
  const others = parts.filter((p) => !checked.some((c) => c.part === p.part));
  return buildSdnIndex(entries, sdnDataset([...checked, ...others]));
}
