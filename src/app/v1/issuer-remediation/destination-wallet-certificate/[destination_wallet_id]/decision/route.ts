import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { decideCertificate } from '@/server/services/issuer/certificates';
import { allow } from '@/server/http/options';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

export const POST = api(ops.decideDestinationWalletCertificate, (ctx, { params, body }, tx) =>
  decideCertificate(ctx, tx, params.destination_wallet_id, body),
);

export const OPTIONS = allow('POST');
export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
