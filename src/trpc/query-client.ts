import { defaultShouldDehydrateQuery, QueryClient } from '@tanstack/react-query';
import superjson from 'superjson';

/** 4xx answers are final (not found, refused, invalid); only transient failures are retried. */
function retry(failures: number, error: unknown): boolean {
  const status = (error as { data?: { httpStatus?: number } })?.data?.httpStatus;
  if (status && status < 500) return false;
  return failures < 2;
}

/** One query client per browser tab (and per server render); superjson matches the tRPC transformer. */
export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry },
      mutations: { retry: false },
      dehydrate: {
        serializeData: superjson.serialize,
        shouldDehydrateQuery: (q) => defaultShouldDehydrateQuery(q) || q.state.status === 'pending',
      },
      hydrate: { deserializeData: superjson.deserialize },
    },
  });
}
