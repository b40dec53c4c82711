import { z } from 'zod';
import { globalSearch } from '../../services/search/global-search';
import { myInbox } from '../../services/search/my-inbox';
import { consoleProcedure, runConsoleCall, zodInput } from '../procedures';
import { router } from '../init';

/**
 * Console-only reads across areas (no REST twin): the command palette's search and the
 * signed-in user's inbox. Neither declares one scope: each kind inside is read only with the
 * scope of its REST list (see the services), so a user sees in the palette what the API shows.
 */
export const searchRouter = router({
  global: consoleProcedure
    .input(zodInput(z.strictObject({ q: z.string().trim().min(2).max(100) })))
    .query(({ ctx, input }) => runConsoleCall(ctx, 'search.global', null, (c, db) => globalSearch(c, db, input.q))),
  inbox: consoleProcedure.query(({ ctx }) => runConsoleCall(ctx, 'search.inbox', null, (c, db) => myInbox(c, db))),
});
