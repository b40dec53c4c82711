import { z } from 'zod';
import { ops } from '../../operations';
import { idRef } from '../../operations/schemas';
import { PACKET_TYPES } from '../../domain/packets/families';
import { PACKET_STATUSES } from '../../domain/packets/status';
import { createPacket } from '../../services/packets/create';
import { exportPacket, getPacket, listPackets, packetExportIds, updatePacket } from '../../services/packets/packets';
import { reviewQueue } from '../../services/packets/queue';
import { getExport } from '../../services/exports/exports';
import { consoleProcedure, opMutation, opQuery, runConsoleCall, zodInput } from '../procedures';
import { router } from '../init';

/** Packets in the console (counsel's review): each procedure is its REST operation's handler. */
export const packetsRouter = router({
  list: opQuery(ops.listPackets, [], (ctx, { query }, db) => listPackets(ctx, db, query)),
  /** The review queue: awaiting review first (no REST twin; the REST list is newest first). */
  queue: consoleProcedure
    .meta({ scope: ops.listPackets.scope })
    .input(
      zodInput(
        z.strictObject({
          status: z.enum(PACKET_STATUSES).optional(),
          type: z.enum(PACKET_TYPES).optional(),
          matter_id: idRef('mtr', 'a matter').optional(),
        }),
      ),
    )
    .query(({ ctx, input }) => runConsoleCall(ctx, 'packets.queue', null, (c, db) => reviewQueue(c, db, input))),
  get: opQuery(ops.getPacket, ['packet_id'], (ctx, { params }, db) => getPacket(ctx, db, params.packet_id)),
  update: opMutation(ops.updatePacket, ['packet_id'], (ctx, { params, body }, tx) =>
    updatePacket(ctx, tx, params.packet_id, body),
  ),
  export: opMutation(ops.exportPacket, ['packet_id'], (ctx, { params, body }, tx) =>
    exportPacket(ctx, tx, params.packet_id, body),
  ),
  /** The packet's export history (ids, newest first; no REST list): it outlives a reload. */
  exports: consoleProcedure
    .meta({ scope: ops.getExport.scope })
    .input(zodInput(z.strictObject({ packet_id: idRef('pac', 'a packet') })))
    .query(({ ctx, input }) =>
      runConsoleCall(ctx, 'packets.exports', null, (c, db) => packetExportIds(c, db, input.packet_id)),
    ),
  getExport: opQuery(ops.getExport, ['export_id'], (ctx, { params }, db) => getExport(ctx, db, params.export_id)),
  createExchangeIntercept: opMutation(ops.createExchangeInterceptPacket, [], (ctx, { body }, tx) =>
    createPacket(ctx, tx, 'exchange_intercept', body),
  ),
  createVaspLegalProcess: opMutation(ops.createVaspLegalProcessPacket, [], (ctx, { body }, tx) =>
    createPacket(ctx, tx, 'vasp_legal_process', body),
  ),
  createExchangeFreeze: opMutation(ops.createExchangeFreezePacket, [], (ctx, { body }, tx) =>
    createPacket(ctx, tx, 'exchange_freeze', body),
  ),
  createExchangeTurnover: opMutation(ops.createExchangeTurnoverPacket, [], (ctx, { body }, tx) =>
    createPacket(ctx, tx, 'exchange_turnover', body),
  ),
  createTurnoverWorkflow: opMutation(ops.createTurnoverWorkflowPacket, [], (ctx, { body }, tx) =>
    createPacket(ctx, tx, 'turnover_workflow', body),
  ),
  createLawEnforcementReferral: opMutation(ops.createLawEnforcementReferralPacket, [], (ctx, { body }, tx) =>
    createPacket(ctx, tx, 'law_enforcement_referral', body),
  ),
});
