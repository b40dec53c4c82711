import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createCampaignBrief } from '@/server/services/reports/reports';
import { allow } from '@/server/http/options';

export const POST = api(ops.createCampaignBrief, (ctx, { body }, tx) => createCampaignBrief(ctx, tx, body));

export const OPTIONS = allow('POST');
export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
