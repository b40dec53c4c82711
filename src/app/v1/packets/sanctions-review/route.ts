import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createSanctionsReviewPacket } from '@/server/services/sanctions/reviews';

export const POST = api(ops.createPacketSanctionsReview, (ctx, { body }, tx) =>
  createSanctionsReviewPacket(ctx, tx, body),
);

export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
