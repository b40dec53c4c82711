import Link from 'next/link';
import { ready } from '@/server/db/ready';
import { describeInvite } from '@/server/services/users/invites';
import { InviteForm } from './invite-form';

export const metadata = { title: 'Set your password · Judgment Recovery Case Service' };
// The token is a secret: never cache or prerender this page.
export const dynamic = 'force-dynamic';

/** The page behind an invite_url: the invited user sets their password, once. */
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invite = await describeInvite(await ready(), token);
  return (
    <main id="main" className="flex min-h-screen items-start justify-center bg-slate-100 px-4 pt-24">
      <div className="w-full max-w-sm">
        <h1 className="mb-1 text-xl font-semibold text-slate-900">Set your password</h1>
        {invite.valid ? (
          <>
            <p className="mb-4 text-sm text-slate-700">
              You were invited to the operator console as <strong data-testid="invite-email">{invite.email}</strong>.
            </p>
            <InviteForm token={token} email={invite.email} />
          </>
        ) : (
          <div role="alert" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            <p>{invite.message}</p>
            <p className="mt-2">
              <Link href="/signin" className="text-blue-800 underline">
                Go to sign in
              </Link>
            </p>
          </div>
        )}
      </div>
    </main>
  );
}
