import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildAddressIndex, OFAC_ADDRESS_DATASET, type AddressIndex } from '../../domain/sanctions/addresses';

/**
 * The shipped OFAC digital-currency address lists (brave-intl, 2025-11-19: one file per ticker,
 * ~30 KB in all) and their entity mapping, indexed once per process on first use.
 */
// On globalThis, like the SDN index: one copy for instrumentation and every route bundle.
const g = globalThis as typeof globalThis & { __mdAddressIndex?: AddressIndex };

export function addressIndex(): AddressIndex {
  if (!g.__mdAddressIndex) {
    // Runtime paths: kept out of Next's file tracing (next.config.js traces data/ explicitly).
    const dir = path.join(/* turbopackIgnore: true */ process.cwd(), OFAC_ADDRESS_DATASET.lists);
    const lists = readdirSync(/* turbopackIgnore: true */ dir)
      .map((f) => /^sanctioned_addresses_([A-Z0-9]+)\.txt$/.exec(f))
      .filter((m): m is RegExpExecArray => !!m)
      .map((m) => ({ ticker: m[1], text: readFileSync(/* turbopackIgnore: true */ path.join(dir, m[0]), 'utf8') }));
    const entities = readFileSync(
      path.join(/* turbopackIgnore: true */ process.cwd(), OFAC_ADDRESS_DATASET.entities),
      'utf8',
    );
    g.__mdAddressIndex = buildAddressIndex(lists, entities);
  }
  return g.__mdAddressIndex;
}
