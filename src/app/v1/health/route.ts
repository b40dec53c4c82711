import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { health } from '@/server/services/health/health';

export const GET = api(ops.getHealth, (ctx, _i, db) => health(ctx, db));

export { POST, PATCH, PUT, DELETE } from '@/server/http/unserved';
