import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { getLedgerEntry } from '@/server/services/ledger/entries';
import { allow } from '@/server/http/options';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

export const GET = api(ops.getLedgerEntry, (ctx, { params }, db) => getLedgerEntry(ctx, db, params.entry_id));

export const OPTIONS = allow('GET');
export { POST, PATCH, PUT, DELETE } from '@/server/http/unserved';
