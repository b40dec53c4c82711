import { TRPCError } from '@trpc/server';
import { redirect } from 'next/navigation';
import { serverCaller } from '@/trpc/server';
import { SignInForm } from './signin-form';
import { safeCallback } from './safe-callback';

export const metadata = { title: 'Sign in · Judgment Recovery Case Service' };

/** Console sign-in. A visitor who already has a valid session goes straight on. */
export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const q = await searchParams;
  const callbackUrl = safeCallback(q.callbackUrl);
  const signedIn = await (await serverCaller()).session.me().then(
    () => true,
    (e) => {
      if (e instanceof TRPCError && e.code === 'UNAUTHORIZED') return false;
      throw e;
    },
  );
  if (signedIn) redirect(callbackUrl);
  return (
    <main id="main" className="flex min-h-screen items-start justify-center bg-slate-100 px-4 pt-24">
      <div className="w-full max-w-sm">
        <h1 className="mb-1 text-xl font-semibold text-slate-900">Sign in</h1>
        <p className="mb-4 text-sm text-slate-700">Judgment Recovery Case Service · operator console</p>
        <SignInForm
          callbackUrl={callbackUrl}
          email={typeof q.email === 'string' ? q.email : ''}
          activated={q.activated === '1'}
        />
      </div>
    </main>
  );
}
