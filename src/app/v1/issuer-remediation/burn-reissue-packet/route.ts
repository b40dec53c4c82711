import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createRemediation } from '@/server/services/issuer/remediations';
import { allow } from '@/server/http/options';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

export const POST = api(ops.createIssuerBurnReissuePacket, (ctx, { body }, tx) =>
  createRemediation(ctx, tx, 'burn_reissue', body),
);

export const OPTIONS = allow('POST');
export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
