import { TRPCError } from '@trpc/server';
import { notFound } from 'next/navigation';
import { ApiError } from '@/server/errors';

export interface Refusal {
  code: string;
  message: string;
}

/** Runs a registry page's query: a 403 becomes what the page shows, a 404 the page's 404. */
export async function firstQuery<T>(run: () => Promise<T>): Promise<{ value: T } | { refusal: Refusal }> {
  try {
    return { value: await run() };
  } catch (e) {
    if (e instanceof TRPCError && e.code === 'FORBIDDEN') {
      const api = e.cause instanceof ApiError ? e.cause : null;
      return { refusal: { code: api?.code ?? 'forbidden', message: api?.message ?? e.message } };
    }
    if (e instanceof TRPCError && e.code === 'NOT_FOUND') notFound();
    throw e;
  }
}

export function NoRegistryAccess({ refusal }: { refusal: Refusal }) {
  return (
    <div className="flex max-w-2xl flex-col gap-2">
      <h1 className="text-lg font-semibold">Relationships</h1>
      <div role="status" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
        <p className="font-semibold">You cannot use the relationship registry.</p>
        <p className="mt-1">
          {refusal.message} <span className="font-mono text-xs">({refusal.code})</span>
        </p>
      </div>
    </div>
  );
}
