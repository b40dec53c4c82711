'use server';

import { redirect } from 'next/navigation';
import { ready } from '@/server/db/ready';
import { ApiError } from '@/server/errors';
import { toApiError } from '@/server/http/api';
import { newId } from '@/server/ids';
import { acceptInvite } from '@/server/services/users/invites';

export interface InviteFormState {
  error: string | null;
  param: string | null;
}

/** Sets the invited user's password (once), then sends them to sign in with their email filled in. */
export async function setPasswordAction(
  token: string,
  _prev: InviteFormState,
  form: FormData,
): Promise<InviteFormState> {
  let email: string;
  try {
    const db = await ready();
    ({ email } = await acceptInvite(db, {
      token,
      password: String(form.get('password') ?? ''),
      confirm: String(form.get('confirm') ?? ''),
    }));
  } catch (e) {
    const err = e instanceof ApiError ? e : toApiError(e, newId('request'));
    return { error: err.message, param: err.extras.param ?? null };
  }
  redirect(`/signin?${new URLSearchParams({ activated: '1', email, callbackUrl: '/matters' })}`);
}
