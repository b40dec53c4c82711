import { TRPCError } from '@trpc/server';
import { notFound } from 'next/navigation';

/**
 * A record page's existence check, run in its segment's `layout.tsx`. A layout sits outside
 * its own segment's loading boundary (`loading.tsx` wraps only the page below it), so a
 * `notFound()` here is thrown before anything streams and the answer keeps its 404 status; the
 * same check in the page, under a loading boundary, would come after a 200 was committed. The
 * page then reads the same query from the request's query client, so nothing is fetched twice.
 */
export async function orNotFound<T>(run: () => Promise<T>, codes: readonly string[] = ['NOT_FOUND']): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof TRPCError && codes.includes(e.code)) notFound();
    throw e;
  }
}
