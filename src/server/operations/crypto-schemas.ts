import { z } from 'zod';
import { str } from './schemas';
import { NETWORK_NAMES, type ChainNetwork } from '../domain/crypto/networks';

/** Schema blocks of the crypto and attribution operations. */
export const network = () => z.enum(NETWORK_NAMES as [ChainNetwork, ...ChainNetwork[]]);
/** At most 200 wallets per request: each one costs chain reads. */
export const MAX_WALLETS = 200;
export const walletsIn = () =>
  z.array(z.union([str(200), z.strictObject({ address: str(200), network: network().optional() })])).max(MAX_WALLETS);
