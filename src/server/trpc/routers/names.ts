import { z } from 'zod';
import { listPeople, NAMES_MAX, resolveNames } from '../../services/names/names';
import { consoleProcedure, runConsoleCall, zodInput } from '../procedures';
import { router } from '../init';

const ids = z.array(z.string().max(100)).max(NAMES_MAX).optional();

/**
 * Names for the ids a page shows (no REST twin: the API returns ids, an integrator keeps its own
 * names). No scope of its own: each kind is named only under the scope that reads it.
 */
export const namesRouter = router({
  lookup: consoleProcedure
    .input(zodInput(z.strictObject({ matter_ids: ids, user_ids: ids, packet_ids: ids, key_ids: ids })))
    .query(({ ctx, input }) => runConsoleCall(ctx, 'names.lookup', null, (c, db) => resolveNames(c, db, input))),
  /** The users a picker offers (lead counsel, counsel owner), by name. */
  people: consoleProcedure
    .input(zodInput(z.strictObject({ q: z.string().max(200).optional() })))
    .query(({ ctx, input }) => runConsoleCall(ctx, 'names.people', null, (c, db) => listPeople(c, db, input))),
});
