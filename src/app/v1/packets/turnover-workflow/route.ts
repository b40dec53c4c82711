import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createPacket } from '@/server/services/packets/create';

export const POST = api(ops.createTurnoverWorkflowPacket, (ctx, { body }, tx) =>
  createPacket(ctx, tx, 'turnover_workflow', body),
);

export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
