import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import { createTRPCOptionsProxy, type TRPCQueryOptions } from '@trpc/tanstack-react-query';
import { headers } from 'next/headers';
import { cache, type ReactNode } from 'react';
import { createTrpcContext } from '@/server/trpc/context';
import { appRouter, createCaller } from '@/server/trpc/root';
import { makeQueryClient } from './query-client';

/** One query client and one context per server render (React's request-scoped cache). */
export const getQueryClient = cache(makeQueryClient);
const createContext = cache(async () => createTrpcContext({ headers: new Headers(await headers()) }));

/** Query options for server components: prefetch here, read with the same options in the client. */
export const trpc = createTRPCOptionsProxy({ ctx: createContext, router: appRouter, queryClient: getQueryClient });

/** Direct calls from server components (no cache), e.g. the layout's `me`. */
export const serverCaller = cache(async () => createCaller(await createContext()));

/** Waits for a query so the page's first HTML already carries its data. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function prefetch<T extends ReturnType<TRPCQueryOptions<any>>>(options: T): Promise<void> {
  await getQueryClient().prefetchQuery(options);
}

/** Hands the server's query cache to the client components below. */
export function HydrateClient({ children }: { children: ReactNode }) {
  return <HydrationBoundary state={dehydrate(getQueryClient())}>{children}</HydrationBoundary>;
}
