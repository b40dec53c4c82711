import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSdnIndex, parseSdnCsv, SDN_DATASET, type SdnIndex } from '../../domain/sanctions/sdn-list';

/**
 * The shipped OFAC SDN names list (data/ofac-sdn/sdn.csv, 3.9 MB, 14,965 entries), parsed and
 * indexed once per process on first use: 0.3-0.5 s (about 0.5 s of CPU) and 13 MB of heap,
 * measured on a busy 2-core dev machine (the token index of token-index.ts adds tens of ms);
 * after that a name takes well under a millisecond, a few milliseconds of CPU at most. The file is plain ASCII in OFAC's latin-1 export, so latin1 decoding is exact.
 * Its hash is checked against the documented copy: a replaced file keeps working but is
 * reported without a date until its provenance is updated.
 */
let index: SdnIndex | null = null;

export function sdnIndex(): SdnIndex {
  if (!index) {
    const buf = readFileSync(path.join(/* turbopackIgnore: true */ process.cwd(), SDN_DATASET.name));
    const sha256 = createHash('sha256').update(buf).digest('hex');
    const dataset = sha256 === SDN_DATASET.sha256 ? SDN_DATASET : { ...SDN_DATASET, sha256, as_of: null };
    index = buildSdnIndex(parseSdnCsv(buf.toString('latin1')), dataset);
  }
  return index;
}
