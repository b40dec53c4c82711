import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createLedgerEntry } from '@/server/services/ledger/entries';

export const POST = api(ops.createLedgerEntry, (ctx, { body }, tx) => createLedgerEntry(ctx, tx, body));

export {
  routeNotFound as GET,
  routeNotFound as PATCH,
  routeNotFound as PUT,
  routeNotFound as DELETE,
} from '@/server/http/not-found';
