import { ops } from '../../operations';
import { ledgerBalance } from '../../services/ledger/balance';
import { createLedgerEntry } from '../../services/ledger/entries';
import { opMutation, opQuery } from '../procedures';
import { router } from '../init';

/** A matter's ledger: balance with its latest entries, and recording an entry. */
export const ledgerRouter = router({
  balance: opQuery(ops.getLedgerBalance, ['matter_id'], (ctx, { params, query }, db) =>
    ledgerBalance(ctx, db, params.matter_id, query),
  ),
  createEntry: opMutation(ops.createLedgerEntry, [], (ctx, { body }, tx) => createLedgerEntry(ctx, tx, body)),
});
