import { ops } from '../../operations';
import {
  createRelationship,
  getRelationship,
  listRelationships,
  updateRelationship,
} from '../../services/relationships/relationships';
import { createContactLog } from '../../services/relationships/contact-log';
import { getCounterparty } from '../../services/relationships/counterparties';
import { opMutation, opQuery } from '../procedures';
import { router } from '../init';

/** The relationship registry and counterparty pages: each procedure is its REST operation's handler. */
export const relationshipsRouter = router({
  list: opQuery(ops.listRelationships, [], (ctx, { query }, db) => listRelationships(ctx, db, query)),
  get: opQuery(ops.getRelationship, ['relationship_id'], (ctx, { params }, db) =>
    getRelationship(ctx, db, params.relationship_id),
  ),
  create: opMutation(ops.createRelationship, [], (ctx, { body }, tx) => createRelationship(ctx, tx, body)),
  update: opMutation(ops.updateRelationship, ['relationship_id'], (ctx, { params, body }, tx) =>
    updateRelationship(ctx, tx, params.relationship_id, body),
  ),
  logContact: opMutation(ops.createContactLog, ['relationship_id'], (ctx, { params, body }, tx) =>
    createContactLog(ctx, tx, params.relationship_id, body),
  ),
  counterparty: opQuery(ops.getCounterparty, ['counterparty_id'], (ctx, { params }, db) =>
    getCounterparty(ctx, db, params.counterparty_id),
  ),
});
