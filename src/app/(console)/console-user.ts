import { TRPCError } from '@trpc/server';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { serverCaller } from '@/trpc/server';

/**
 * The signed-in user for a console page, or a redirect to /signin. Layout and page both call
 * it (once per render thanks to `cache`): a page must not rely on the layout having run,
 * since client navigations re-render pages without their layout.
 */
export const requireConsoleUser = cache(async () => {
  try {
    return await (await serverCaller()).session.me();
  } catch (e) {
    if (e instanceof TRPCError && e.code === 'UNAUTHORIZED') {
      const back = (await headers()).get('x-md-pathname') ?? '/matters';
      redirect(`/signin?${new URLSearchParams({ callbackUrl: back })}`);
    }
    throw e;
  }
});

export type ConsoleMe = Awaited<ReturnType<typeof requireConsoleUser>>;
