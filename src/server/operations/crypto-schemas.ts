import { z } from 'zod';
import { str } from './schemas';
import { NETWORK_NAMES, type ChainNetwork } from '../domain/crypto/networks';

/** Schema blocks of the crypto and attribution operations. */
export const network = () => z.enum(NETWORK_NAMES as [ChainNetwork, ...ChainNetwork[]]);
/** At most 200 wallets per request: each one costs chain reads. */
export const MAX_WALLETS = 200;
export const walletsIn = () =>
  z.array(z.union([str(200), z.strictObject({ address: str(200), network: network().optional() })])).max(MAX_WALLETS);

/** The chain sources and reference datasets an output rests on (asset maps, timelines, graphs). */
export const manifest = z
  .array(
    z.object({
      source: z.string(),
      network: z.string(),
      block_number: z.number().nullable(),
      as_of: z.string(),
      datasets: z.array(z.string()),
      missing_source: z.string().optional().meta({ description: 'Why no source serves this network.' }),
      history: z
        .object({
          from_block: z.number(),
          to_block: z.number(),
          head_block: z.number(),
          complete: z.boolean(),
        })
        .optional()
        .meta({
          description:
            "Blocks of the wallets' histories read (evm_rpc): a history is walked forward in bounded runs that resume from a stored cursor; while `complete` is false the output is under review and building it again continues from `to_block + 1`.",
        }),
      notes: z
        .array(z.string())
        .optional()
        .meta({ description: 'What the source cannot show (e.g. internal contract transfers without a trace API).' }),
    }),
  )
  .meta({
    id: 'SourceManifest',
    description: 'The chain sources (with block height and time) and reference datasets an output rests on.',
  });
