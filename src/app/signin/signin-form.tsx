'use client';

import { signIn } from 'next-auth/react';
import { useState, type FormEvent } from 'react';

const GENERIC = 'Incorrect email or password.';

/**
 * Email + password through next-auth's Credentials provider. Every refusal reads the same; a
 * throttled one adds when to try again, which says nothing about the account either.
 */
export function SignInForm({
  callbackUrl,
  email,
  activated,
}: {
  callbackUrl: string;
  email: string;
  activated: boolean;
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ message: string; notice?: string } | null>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    setPending(true);
    setError(null);
    try {
      const res = await signIn('credentials', {
        email: String(data.get('email') ?? ''),
        password: String(data.get('password') ?? ''),
        callbackUrl,
        redirect: false,
      });
      if (res?.ok && !res.error) {
        // A full navigation, so the server renders the console with the new session cookie.
        window.location.assign(callbackUrl);
        return;
      }
      const throttled = /^throttled:(\d+)$/.exec(res?.error ?? '');
      setError(
        throttled
          ? {
              message: GENERIC,
              notice: `Too many failed attempts. Try again in ${Math.ceil(Number(throttled[1]) / 60)} minute(s).`,
            }
          : { message: GENERIC },
      );
    } catch {
      setError({ message: 'Sign-in is unavailable right now. Try again shortly.' });
    }
    setPending(false);
  }

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-3 rounded border border-slate-300 bg-white p-4"
      aria-label="Sign in"
    >
      {activated && !error && (
        <p role="status" className="rounded border border-green-300 bg-green-50 px-2 py-1 text-sm text-green-900">
          Your password is set. Sign in to continue.
        </p>
      )}
      {error && (
        <div role="alert" className="rounded border border-red-300 bg-red-50 px-2 py-1 text-sm text-red-900">
          <p>{error.message}</p>
          {error.notice && <p className="mt-1 font-medium">{error.notice}</p>}
        </div>
      )}
      <div className="flex flex-col gap-0.5">
        <label htmlFor="email" className="text-xs font-medium text-slate-700">
          Email
        </label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          required
          defaultValue={email}
          autoFocus={!email}
          className="rounded border border-slate-400 px-2 py-1.5 text-sm focus:border-blue-600 focus:outline-none focus:ring-1 focus:ring-blue-600"
        />
      </div>
      <div className="flex flex-col gap-0.5">
        <label htmlFor="password" className="text-xs font-medium text-slate-700">
          Password
        </label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          autoFocus={!!email}
          className="rounded border border-slate-400 px-2 py-1.5 text-sm focus:border-blue-600 focus:outline-none focus:ring-1 focus:ring-blue-600"
        />
      </div>
      <button
        type="submit"
        disabled={pending}
        className="rounded bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800 disabled:bg-slate-500"
      >
        {pending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
