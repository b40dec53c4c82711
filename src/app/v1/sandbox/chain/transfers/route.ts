import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createSandboxTransfer } from '@/server/services/chain/sandbox-transfers';

export const POST = api(ops.createSandboxTransfer, (ctx, { body }, tx) => createSandboxTransfer(ctx, tx, body));

export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
