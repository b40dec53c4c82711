'use client';

import { signOut } from 'next-auth/react';
import { useState } from 'react';

/** Who is signed in (email, roles, organization) and sign-out. */
export function UserMenu({
  email,
  name,
  roles,
  organization,
}: {
  email: string;
  name: string | null;
  roles: string[];
  organization: string;
}) {
  const [leaving, setLeaving] = useState(false);
  return (
    <div className="flex min-w-0 items-center gap-3 text-xs">
      <div className="min-w-0 leading-tight break-words min-[900px]:text-right">
        <div data-testid="signed-in-user" className="font-medium text-white">
          {name ? `${name} · ${email}` : email}
        </div>
        <div className="text-slate-300">
          {organization} · {roles.join(', ') || 'no role'}
        </div>
      </div>
      <button
        type="button"
        disabled={leaving}
        onClick={async () => {
          setLeaving(true);
          await signOut({ redirect: false });
          window.location.assign('/signin');
        }}
        className="rounded border border-slate-500 px-2 py-1 text-slate-100 hover:bg-slate-700"
      >
        Sign out
      </button>
    </div>
  );
}
