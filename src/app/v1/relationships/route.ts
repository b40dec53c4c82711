import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createRelationship, listRelationships } from '@/server/services/relationships/relationships';
import { allow } from '@/server/http/options';

export const POST = api(ops.createRelationship, (ctx, { body }, tx) => createRelationship(ctx, tx, body));
export const GET = api(ops.listRelationships, (ctx, { query }, db) => listRelationships(ctx, db, query));

export const OPTIONS = allow('GET', 'POST');
export { PATCH, PUT, DELETE } from '@/server/http/unserved';
