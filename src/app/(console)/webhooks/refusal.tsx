import { TRPCError } from '@trpc/server';
import { notFound } from 'next/navigation';
import { ApiError } from '@/server/errors';

export interface Refusal {
  code: string;
  message: string;
}

/**
 * Runs a webhook page's first query. The service's refusals become what the page shows
 * instead of its content: a 403 (roles without the webhook_endpoints permission, or a user
 * restricted to matters: `matter_restricted_key`, as the REST API answers) gives its code and
 * message; an unknown or foreign endpoint is the page's 404.
 */
export async function firstQuery(run: () => Promise<unknown>): Promise<Refusal | null> {
  try {
    await run();
    return null;
  } catch (e) {
    if (e instanceof TRPCError && e.code === 'FORBIDDEN') {
      const api = e.cause instanceof ApiError ? e.cause : null;
      return { code: api?.code ?? 'forbidden', message: api?.message ?? e.message };
    }
    if (e instanceof TRPCError && e.code === 'NOT_FOUND') notFound();
    throw e;
  }
}

/** What a user without access sees on the webhook pages. */
export function NoAccess({ refusal }: { refusal: Refusal }) {
  const restricted = refusal.code === 'matter_restricted_key';
  return (
    <div className="flex max-w-2xl flex-col gap-2">
      <h1 className="text-lg font-semibold">Webhooks</h1>
      <div
        role="status"
        data-testid="webhooks-no-access"
        className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      >
        <p className="font-semibold">
          {restricted
            ? 'Your access is limited to specific matters, so you cannot manage webhooks.'
            : 'You do not have permission to manage webhooks.'}
        </p>
        <p className="mt-1">
          {refusal.message} <span className="font-mono text-xs">({refusal.code})</span>
        </p>
        <p className="mt-1">Ask an administrator of your organization if you need it.</p>
      </div>
    </div>
  );
}
