import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createRemediation } from '@/server/services/issuer/remediations';

export const POST = api(ops.createIssuerFreezePacket, (ctx, { body }, tx) =>
  createRemediation(ctx, tx, 'freeze_only', body),
);

export {
  routeNotFound as GET,
  routeNotFound as PATCH,
  routeNotFound as PUT,
  routeNotFound as DELETE,
} from '@/server/http/not-found';
