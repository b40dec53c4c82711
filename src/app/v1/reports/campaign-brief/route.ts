import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createCampaignBrief } from '@/server/services/reports/reports';

export const POST = api(ops.createCampaignBrief, (ctx, { body }, tx) => createCampaignBrief(ctx, tx, body));

export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
