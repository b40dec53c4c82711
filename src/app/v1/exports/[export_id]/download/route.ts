import { serveDownload } from '@/server/http/download';

export const GET = async (req: Request, ctx: { params: Promise<{ export_id: string }> }) =>
  serveDownload(req, (await ctx.params).export_id);

export {
  routeNotFound as POST,
  routeNotFound as PATCH,
  routeNotFound as PUT,
  routeNotFound as DELETE,
} from '@/server/http/not-found';
