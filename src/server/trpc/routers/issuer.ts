import { z } from 'zod';
import { ops } from '../../operations';
import { REMEDIATION_STATUSES } from '../../domain/issuer/remediation';
import {
  createRemediation,
  exportRemediation,
  getRemediation,
  listRemediations,
  moveRemediation,
} from '../../services/issuer/remediations';
import { createCertificate, decideCertificate, listCertificates } from '../../services/issuer/certificates';
import { loadMatter } from '../../services/matters/access';
import { EXPORT_FORMATS } from '../../services/exports/formats';
import { REDACTION_PROFILES } from '../../domain/packets/redaction';
import { consoleProcedure, opMutation, opQuery, runConsoleCall, zodInput } from '../procedures';
import { router } from '../init';

/**
 * Scope of counsel's decision on a destination wallet certificate (the
 * decideDestinationWalletCertificate operation), held by admin (`*`) and counsel (`issuer:*`),
 * not by operators, analysts or reviewers, whose roles hold no issuer scope.
 */
export const APPROVE_SCOPE = ops.decideDestinationWalletCertificate.scope;

const matterInput = z.strictObject({ matter_id: z.string().min(1).max(100) });

/**
 * The console's issuer remediation panels on the matter page: remediations with their stage
 * buttons, and destination wallet certificates with counsel's approval. Stage moves and
 * decisions run through the service layer in one transaction with audit and outbox.
 */
export const issuerRouter = router({
  get: opQuery(ops.getIssuerRemediation, ['remediation_id'], (ctx, { params }, db) =>
    getRemediation(ctx, db, params.remediation_id),
  ),
  freezePacket: opMutation(ops.createIssuerFreezePacket, [], (ctx, { body }, tx) =>
    createRemediation(ctx, tx, 'freeze_only', body),
  ),
  burnReissuePacket: opMutation(ops.createIssuerBurnReissuePacket, [], (ctx, { body }, tx) =>
    createRemediation(ctx, tx, 'burn_reissue', body),
  ),
  certify: opMutation(ops.createDestinationWalletCertificate, [], (ctx, { body }, tx) =>
    createCertificate(ctx, tx, body),
  ),

  remediations: consoleProcedure
    .meta({ scope: 'issuer:read' })
    .input(zodInput(matterInput))
    .query(({ ctx, input }) =>
      runConsoleCall(ctx, 'issuer.remediations', null, async (c, db) => {
        const m = await loadMatter(c, db, input.matter_id, 'matter_id');
        return listRemediations(c, db, m.id);
      }),
    ),
  certificates: consoleProcedure
    .meta({ scope: 'issuer:read' })
    .input(zodInput(matterInput))
    .query(({ ctx, input }) =>
      runConsoleCall(ctx, 'issuer.certificates', null, async (c, db) => {
        const m = await loadMatter(c, db, input.matter_id, 'matter_id');
        return listCertificates(c, db, m.id);
      }),
    ),

  move: consoleProcedure
    .meta({ scope: 'issuer:write' })
    .input(
      zodInput(
        z.strictObject({
          remediation_id: z.string().min(1).max(100),
          status: z.enum(REMEDIATION_STATUSES),
          notes: z.string().max(10_000).nullable().optional(),
        }),
      ),
    )
    .mutation(({ ctx, input }) =>
      runConsoleCall(ctx, 'issuer.move', { gate: null }, (c, tx) =>
        moveRemediation(c, tx, input.remediation_id, input),
      ),
    ),
  export: consoleProcedure
    .meta({ scope: 'issuer:write' })
    .input(
      zodInput(
        z.strictObject({
          remediation_id: z.string().min(1).max(100),
          format: z.enum(EXPORT_FORMATS),
          redaction_profile: z.enum(REDACTION_PROFILES).optional(),
        }),
      ),
    )
    .mutation(({ ctx, input }) =>
      runConsoleCall(ctx, 'issuer.export', { gate: null }, (c, tx) =>
        exportRemediation(c, tx, input.remediation_id, input),
      ),
    ),
  decideCertificate: opMutation(
    ops.decideDestinationWalletCertificate,
    ['destination_wallet_id'],
    (ctx, { params, body }, tx) => decideCertificate(ctx, tx, params.destination_wallet_id, body),
  ),
});
