import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { capabilities } from '@/server/services/health/health';

export const GET = api(ops.getCapabilities, async (ctx) => capabilities(ctx));

export { POST, PATCH, PUT, DELETE } from '@/server/http/unserved';
