import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createLedgerEntry } from '@/server/services/ledger/entries';

export const POST = api(ops.createLedgerEntry, (ctx, { body }, tx) => createLedgerEntry(ctx, tx, body));

export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
