'use client';

import { ShownOnce } from '../shown-once';

/** A new invite link, shown once: only its token's hash is stored. Sending it is up to the admin. */
export function InviteLink({ url, email, onDone }: { url: string; email: string; onDone: () => void }) {
  return (
    <ShownOnce
      id="invite-url"
      testId="invite-link-box"
      title={`Invite link for ${email}`}
      label="Invite URL"
      value={url}
      done="Done, I have sent it"
      onDone={onDone}
    >
      <strong>Copy this link now and send it to {email} — you won&apos;t see it again.</strong> It works once, for 7
      days; send the invite again for a new link.
    </ShownOnce>
  );
}
