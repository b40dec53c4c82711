import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createGraph } from '@/server/services/attribution/graph';

export const POST = api(ops.createAttributionGraph, (ctx, { body }, tx) => createGraph(ctx, tx, body));

export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
