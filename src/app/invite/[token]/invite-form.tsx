'use client';

import { useActionState } from 'react';
import { PASSWORD_MIN_LENGTH } from '@/server/domain/passwords';
import { setPasswordAction, type InviteFormState } from './actions';

const input =
  'rounded border border-slate-400 px-2 py-1.5 text-sm focus:border-blue-600 focus:outline-none focus:ring-1 focus:ring-blue-600 aria-[invalid=true]:border-red-600';

export function InviteForm({ token, email }: { token: string; email: string }) {
  const [state, action, pending] = useActionState<InviteFormState, FormData>(setPasswordAction.bind(null, token), {
    error: null,
    param: null,
  });
  return (
    <form
      action={action}
      noValidate
      className="flex flex-col gap-3 rounded border border-slate-300 bg-white p-4"
      aria-label="Set password"
    >
      {/* Lets password managers store the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      {state.error && (
        <p role="alert" className="rounded border border-red-300 bg-red-50 px-2 py-1 text-sm text-red-900">
          {state.error}
        </p>
      )}
      <div className="flex flex-col gap-0.5">
        <label htmlFor="password" className="text-xs font-medium text-slate-700">
          New password
        </label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          aria-invalid={state.param === 'password'}
          aria-describedby="password-hint"
          className={input}
        />
        <p id="password-hint" className="text-xs text-slate-600">
          At least {PASSWORD_MIN_LENGTH} characters.
        </p>
      </div>
      <div className="flex flex-col gap-0.5">
        <label htmlFor="confirm" className="text-xs font-medium text-slate-700">
          Repeat the password
        </label>
        <input
          id="confirm"
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
          aria-invalid={state.param === 'confirm'}
          className={input}
        />
      </div>
      <button
        type="submit"
        disabled={pending}
        className="rounded bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800 disabled:bg-slate-500"
      >
        {pending ? 'Saving…' : 'Set password'}
      </button>
    </form>
  );
}
