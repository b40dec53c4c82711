import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { appRouter } from '@/server/trpc/root';
import { createTrpcContext } from '@/server/trpc/context';
import { guardTrpc } from '@/server/http/console-guard';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

const handler = async (incoming: Request) => {
  // Body cap, batch cap, media type and same-origin mutations, before tRPC parses anything.
  const req = await guardTrpc(incoming);
  if (req instanceof Response) return req;
  return fetchRequestHandler({
    endpoint: '/api/trpc',
    req,
    router: appRouter,
    createContext: ({ resHeaders }) => createTrpcContext({ headers: req.headers, resHeaders }),
    // As on REST: a database that cannot be reached answers 503 with Retry-After.
    responseMeta: ({ errors }) =>
      errors.some((e) => e.code === 'SERVICE_UNAVAILABLE') ? { headers: new Headers({ 'Retry-After': '5' }) } : {},
  });
};

export { handler as GET, handler as POST };
