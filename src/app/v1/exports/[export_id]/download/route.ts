import { serveDownload } from '@/server/http/download';

export const GET = async (req: Request, ctx: { params: Promise<{ export_id: string }> }) =>
  serveDownload(req, (await ctx.params).export_id);

export { POST, PATCH, PUT, DELETE } from '@/server/http/unserved';
