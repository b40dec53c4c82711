import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { appRouter } from '@/server/trpc/root';
import { createTrpcContext } from '@/server/trpc/context';

const handler = (req: Request) =>
  fetchRequestHandler({
    endpoint: '/api/trpc',
    req,
    router: appRouter,
    createContext: ({ resHeaders }) => createTrpcContext({ headers: req.headers, resHeaders }),
    // As on REST: a database that cannot be reached answers 503 with Retry-After.
    responseMeta: ({ errors }) =>
      errors.some((e) => e.code === 'SERVICE_UNAVAILABLE') ? { headers: new Headers({ 'Retry-After': '5' }) } : {},
  });

export { handler as GET, handler as POST };
