import { ops } from '../../operations';
import { listMatterAudit, verifyMatterChain } from '../../services/audit/read';
import { opQuery } from '../procedures';
import { router } from '../init';

/** A matter's audit trail and its hash-chain verification. */
export const auditRouter = router({
  matterEvents: opQuery(ops.listMatterAudit, ['matter_id'], (ctx, { params, query }, db) =>
    listMatterAudit(ctx, db, params.matter_id, query),
  ),
  verifyMatter: opQuery(ops.verifyMatterAudit, ['matter_id'], (ctx, { params }, db) =>
    verifyMatterChain(ctx, db, params.matter_id),
  ),
});
