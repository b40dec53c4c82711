import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { getLedgerEntry } from '@/server/services/ledger/entries';

export const GET = api(ops.getLedgerEntry, (ctx, { params }, db) => getLedgerEntry(ctx, db, params.entry_id));

export {
  routeNotFound as POST,
  routeNotFound as PATCH,
  routeNotFound as PUT,
  routeNotFound as DELETE,
} from '@/server/http/not-found';
