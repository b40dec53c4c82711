import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildWalletIndex, type WalletIndex } from '../../domain/judgments/wallet-index';
import { addressIndex } from '../sanctions/address-data';

/**
 * The shipped address data (EVM exchange labels, GraphSense Bitcoin and Tron exchange labels, and
 * the sanctions module's OFAC address index), indexed once per process on first use, then map lookups.
 */
let index: WalletIndex | null = null;

export function walletIndex(): WalletIndex {
  if (!index) {
    const root = process.cwd();
    index = buildWalletIndex(
      {
        labelsCsv: readFileSync(path.join(root, 'data/labels/evm_exchange_and_risk_labels.csv'), 'utf8'),
        graphsenseCsv: readFileSync(path.join(root, 'data/labels/graphsense_btc_tron_exchange_labels.csv'), 'utf8'),
      },
      addressIndex(),
    );
  }
  return index;
}
