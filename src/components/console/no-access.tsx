import type { Refusal } from '@/app/(console)/webhooks/refusal';

/** What a user without access sees instead of a page (its code and message, as the API answers). */
export function NoAccessNote({ title, what, refusal }: { title: string; what: string; refusal: Refusal }) {
  const restricted = refusal.code === 'matter_restricted_key';
  return (
    <div className="flex max-w-2xl flex-col gap-2">
      <h1 className="text-lg font-semibold">{title}</h1>
      <div
        role="status"
        data-testid="no-access"
        className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      >
        <p className="font-semibold">
          {restricted
            ? `Your access is limited to specific matters, so you cannot ${what}.`
            : `You do not have permission to ${what}.`}
        </p>
        <p className="mt-1">
          {refusal.message} <span className="font-mono text-xs">({refusal.code})</span>
        </p>
      </div>
    </div>
  );
}
