import { serveDownload } from '@/server/http/download';
import { allow } from '@/server/http/options';

export const GET = async (req: Request, ctx: { params: Promise<{ export_id: string }> }) =>
  serveDownload(req, (await ctx.params).export_id);

export const OPTIONS = allow('GET');
export { POST, PATCH, PUT, DELETE } from '@/server/http/unserved';
