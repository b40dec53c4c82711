import { z } from 'zod';
import { ops } from '../../operations';
import { createAssetMap } from '../../services/crypto/asset-map';
import { createTimeline } from '../../services/crypto/timeline';
import { importWallets } from '../../services/attribution/wallets';
import { createClaim } from '../../services/attribution/claims';
import { createGraph } from '../../services/attribution/graph';
import { cryptoOverview } from '../../services/crypto/latest';
import { consoleProcedure, opMutation, runConsoleCall, zodInput } from '../procedures';
import { router } from '../init';

/** The matter's Crypto page: wallets, asset map, timeline, attribution graph and claims. */
export const cryptoRouter = router({
  overview: consoleProcedure
    .meta({ scope: 'crypto:read' })
    .input(zodInput(z.strictObject({ matter_id: z.string().max(100) })))
    .query(({ ctx, input }) =>
      runConsoleCall(ctx, 'cryptoOverview', null, (c, db) => cryptoOverview(c, db, input.matter_id)),
    ),
  importWallets: opMutation(ops.importWallets, [], (ctx, { body }, tx) => importWallets(ctx, tx, body)),
  buildAssetMap: opMutation(ops.createAssetMap, [], (ctx, { body }, tx) => createAssetMap(ctx, tx, body)),
  timeline: opMutation(ops.createTransactionTimeline, [], (ctx, { body }, tx) => createTimeline(ctx, tx, body)),
  buildGraph: opMutation(ops.createAttributionGraph, [], (ctx, { body }, tx) => createGraph(ctx, tx, body)),
  createClaim: opMutation(ops.createAttributionClaim, [], (ctx, { body }, tx) => createClaim(ctx, tx, body)),
});
