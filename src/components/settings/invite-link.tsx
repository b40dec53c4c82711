'use client';

import { Button } from '../ui';

/**
 * A new invite link, shown once: only its token's hash is stored, so it lives in the page's
 * state alone and is gone after "Done" or a reload. Sending it is up to the admin.
 */
export function InviteLink({ url, email, onDone }: { url: string; email: string; onDone: () => void }) {
  return (
    <section
      aria-labelledby="invite-link-title"
      data-testid="invite-link-box"
      className="flex flex-col gap-2 rounded border border-amber-400 bg-amber-50 p-3"
    >
      <h2 id="invite-link-title" className="text-sm font-semibold text-slate-900">
        Invite link for {email}
      </h2>
      <p className="text-sm text-amber-950">
        <strong>Copy this link now and send it to {email} — you won&apos;t see it again.</strong> It works once, for 7
        days; send the invite again for a new link.
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 basis-64 flex-col gap-0.5">
          <label htmlFor="invite-url" className="text-xs font-medium text-slate-700">
            Invite URL
          </label>
          <input
            id="invite-url"
            readOnly
            value={url}
            onFocus={(e) => e.currentTarget.select()}
            className="w-full rounded border border-slate-400 bg-white px-2 py-1 font-mono text-sm text-slate-900"
          />
        </div>
        <Button type="button" variant="secondary" onClick={onDone}>
          Done, I have sent it
        </Button>
      </div>
    </section>
  );
}
