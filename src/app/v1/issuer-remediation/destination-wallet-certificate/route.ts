import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createCertificate } from '@/server/services/issuer/certificates';

export const POST = api(ops.createDestinationWalletCertificate, (ctx, { body }, tx) =>
  createCertificate(ctx, tx, body),
);

export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
