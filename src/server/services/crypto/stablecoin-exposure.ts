import type { Ctx, Db } from '../../context';
import { exposureItem, findStablecoin, functionName } from '../../domain/crypto/stablecoins';
import { getChainSource, type Holding } from '../chain/source';
import { stablecoinIndex } from './reference-data';
import { displayAddress, type ResolvedWallet } from './wallet-inputs';
import { loopYield } from '../loop-yield';
import { valueOf } from './valuation';

/**
 * Stablecoin exposure (API-CONTRACT §17): each holding of a shipped stablecoin joined with its
 * issuer, freeze and check functions, valued at the peg with its valuation time, price and
 * source (services/crypto/valuation.ts, as asset-map rows are); the check function is read on-chain
 * where the chain source can (evm_rpc), so an existing freeze shows. `assets` filters by
 * ticker. Issuer remediation and packets read this.
 */
export async function computeStablecoinExposure(
  ctx: Ctx,
  db: Db,
  args: { wallets: ResolvedWallet[]; assets?: string[]; holdings?: Map<string, Holding[]>; valuedAt?: Date },
) {
  // One valuation time for the whole answer (an asset map passes its creation).
  const valuedAt = args.valuedAt ?? new Date();
  const coins = stablecoinIndex();
  const wanted = args.assets?.length ? new Set(args.assets.map((a) => a.toUpperCase())) : null;
  const items = [];
  const pause = loopYield();
  for (const w of args.wallets) {
    await pause();
    const src = getChainSource(ctx, db, w.network);
    const holdings = args.holdings?.get(`${w.network}:${w.key}`) ?? (await src.balances(w.key));
    for (const h of holdings) {
      const coin = findStablecoin(coins, w.network, h.asset, h.contract);
      if (!coin || (wanted && !wanted.has(coin.ticker)) || !(Number(h.amount) > 0)) continue;
      const check = coin.check?.[0];
      const contract = h.contract ?? coin.contract;
      let status = null;
      let note: string | null = null;
      if (!check) note = 'No check function is known for this token, so its freeze status was not read.';
      else if (src.source !== 'evm_rpc' || !contract)
        note = `The ${src.source} source cannot read ${functionName(check)} on-chain; the freeze status is unread.`;
      else status = await src.issuerStatus(contract, check, w.key).catch(() => null);
      if (check && src.source === 'evm_rpc' && contract && !status)
        note = `${functionName(check)} could not be read from the chain.`;
      items.push(
        exposureItem({
          coin,
          wallet: displayAddress(w.key),
          amount: h.amount,
          onchain_status: status,
          status_note: note,
          valuation: valueOf(coin, null, h.amount, valuedAt)!,
          valuation_time: valuedAt.toISOString(),
        }),
      );
    }
  }
  return items;
}
