'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { apiError, useTRPC } from '@/trpc/react';
import { Button, ErrorNote, Field, Input } from '../ui';
import { AccessPicker, fieldError, type Access } from './access-picker';

/**
 * POST /v1/organizations/{id}/users from the console: email, name, roles and matters. The
 * service refuses roles or matters beyond the signed-in user's own; its error is shown next to
 * the field it names. The invite link goes to `onInvited`, which shows it once.
 */
export function InviteUserForm({
  orgId,
  onInvited,
}: {
  orgId: string;
  onInvited: (link: { url: string; email: string }) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [access, setAccess] = useState<Access>({ roles: ['viewer'], matter_ids: [] });
  const invite = useMutation(
    trpc.organization.inviteUser.mutationOptions({
      onSuccess: async (u) => {
        onInvited({ url: u.invite_url, email: u.email });
        setEmail('');
        setName('');
        setAccess({ roles: ['viewer'], matter_ids: [] });
        await queryClient.invalidateQueries({ queryKey: trpc.organization.users.pathKey() });
      },
    }),
  );
  const err = apiError(invite.error);
  const at = fieldError(err);
  const on = (f: string) => (at?.field === f ? at.message : null);
  function submit(e: FormEvent) {
    e.preventDefault();
    invite.mutate({
      organization_id: orgId,
      email: email.trim(),
      name: name.trim() || null,
      roles: access.roles as never,
      matter_ids: access.matter_ids,
    });
  }
  return (
    <form
      onSubmit={submit}
      aria-label="Invite user"
      className="flex flex-col gap-3 rounded border border-slate-300 bg-white p-3"
      noValidate
    >
      <h2 className="text-sm font-semibold text-slate-900">Invite a user</h2>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field id="invite-email" label="Email" error={on('email')}>
          <Input
            id="invite-email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={!!on('email')}
            aria-describedby={on('email') ? 'invite-email-error' : undefined}
          />
        </Field>
        <Field id="invite-name" label="Name (optional)" error={on('name')}>
          <Input
            id="invite-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={!!on('name')}
            aria-describedby={on('name') ? 'invite-name-error' : undefined}
          />
        </Field>
      </div>
      <AccessPicker idPrefix="invite" value={access} onChange={setAccess} error={at} />
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? 'Inviting…' : 'Invite user'}
        </Button>
        {err && !['email', 'name', 'roles', 'matter_ids'].includes(at!.field) && <ErrorNote error={err} />}
      </div>
    </form>
  );
}
