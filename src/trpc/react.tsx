'use client';

import { readableMessage } from '@/components/readable-error';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { useState, type ReactNode } from 'react';
import superjson from 'superjson';
import type { AppRouter } from '@/server/trpc/root';
import { makeQueryClient } from './query-client';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

let browserQueryClient: QueryClient | undefined;
function getQueryClient() {
  if (typeof window === 'undefined') return makeQueryClient();
  return (browserQueryClient ??= makeQueryClient());
}

/**
 * tRPC + TanStack Query for console pages. Every call says which environment the page was
 * rendered for; the server refuses it if the console was switched meanwhile (another tab), so
 * sandbox and production data never appear on one page.
 */
export function TRPCReactProvider({ children, environment }: { children: ReactNode; environment: string }) {
  const queryClient = getQueryClient();
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({
      links: [
        httpBatchLink({
          url: '/api/trpc',
          transformer: superjson,
          headers: () => ({ 'x-md-env': environment }),
        }),
      ],
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}

/** The service's error fields of a failed call (`error.data.api`), for messages and field errors. */
export function apiError(
  e: unknown,
): { code: string; message: string; param: string | null; request_id: string | null } | null {
  if (!(e instanceof TRPCClientError))
    return e
      ? {
          code: 'network_error',
          message: 'The request failed. Check your connection and try again.',
          param: null,
          request_id: null,
        }
      : null;
  const api = (
    e.data as { api?: { code: string; message: string; param: string | null; request_id: string | null } } | undefined
  )?.api;
  if (!api) return { code: 'error', message: e.message, param: null, request_id: null };
  // Validation refusals in the form's words (the code and param stay as the API sent them).
  return { ...api, message: readableMessage(api.code, api.message, api.param) };
}
