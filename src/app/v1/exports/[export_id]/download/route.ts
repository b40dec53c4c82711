import { serveDownload } from '@/server/http/download';
import { allow } from '@/server/http/options';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

export const GET = async (req: Request, ctx: { params: Promise<{ export_id: string }> }) =>
  serveDownload(req, (await ctx.params).export_id);

export const OPTIONS = allow('GET');
export { POST, PATCH, PUT, DELETE } from '@/server/http/unserved';
