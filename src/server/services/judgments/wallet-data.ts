import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildWalletIndex, type WalletIndex } from '../../domain/judgments/wallet-index';

/**
 * The shipped address data (OFAC SDN crypto addresses, EVM exchange labels, GraphSense Bitcoin and Tron exchange labels), indexed once per
 * process on first use: two small CSVs (~0.3 MB) read from data/, then map lookups.
 */
let index: WalletIndex | null = null;

export function walletIndex(): WalletIndex {
  if (!index) {
    const root = process.cwd();
    index = buildWalletIndex({
      labelsCsv: readFileSync(path.join(root, 'data/labels/evm_exchange_and_risk_labels.csv'), 'utf8'),
      ofacCsv: readFileSync(path.join(root, 'data/ofac-crypto/sdn_digital_currency_addresses_with_entities.csv'), 'utf8'),
      graphsenseCsv: readFileSync(path.join(root, 'data/labels/graphsense_btc_tron_exchange_labels.csv'), 'utf8'),
    });
  }
  return index;
}
