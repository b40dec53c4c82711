'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiError, useTRPC } from '@/trpc/react';
import { Badge, Button, ErrorNote, PageTitle, Td, toneOf } from '../ui';
import { humanize } from '../format';
import { DataTable } from '../list/data-table';
import { mattersInput, usersInput } from '../developers/inputs';
import { AccessPicker, fieldError, type Access } from './access-picker';
import { InviteLink } from './invite-link';
import { InviteUserForm } from './invite-user-form';
import { CSV_PAGE } from '../list/csv-pages';

interface UserRow {
  user_id: string;
  email: string;
  name: string | null;
  roles: string[];
  matter_ids: string[];
  status: string;
}

/**
 * Settings → Users (GET /v1/organizations/{id}/users): name, email, roles, matters and status.
 * With `users:write`: invite, change roles and matters, disable; for a pending invite, send it
 * again (a new link) or revoke it. Every act goes through the REST operation's service, so the
 * grant rules (no roles or matters beyond the caller's own) hold exactly as in the API.
 */
export function Users({ orgId, environment, canWrite }: { orgId: string; environment: string; canWrite: boolean }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.organization.users.queryOptions(usersInput(orgId)));
  const matters = useQuery(trpc.matters.list.queryOptions(mattersInput()));
  const names = new Map((matters.data?.data ?? []).map((m) => [m.matter_id, m.name]));
  const [link, setLink] = useState<{ url: string; email: string } | null>(null);
  const rows = list.data?.data ?? [];
  return (
    <div className="flex flex-col gap-3">
      <div>
        <PageTitle title="Users" environment={environment} />
        <p className="max-w-3xl text-sm text-slate-700">
          People who sign in to the console. Roles decide what they may do; matters, when chosen, confine them to those
          matters. Nobody gives a role or matter beyond their own.
        </p>
      </div>
      {link && <InviteLink url={link.url} email={link.email} onDone={() => setLink(null)} />}
      {canWrite && <InviteUserForm orgId={orgId} onInvited={setLink} />}
      <ErrorNote error={apiError(list.error)} />
      <DataTable
        caption="Users"
        csv={{
          list: 'users',
          header: ['User ID', 'Name', 'Email', 'Roles', 'Matters', 'Status'],
          source: {
            fetchPage: (client, cursor) =>
              client.organization.users.query({ ...usersInput(orgId), limit: CSV_PAGE, starting_after: cursor }),
            cursorOf: (u) => u.user_id,
            names: (u) => ({ matter_ids: u.matter_ids }),
            toRow: (u, n) => [
              u.user_id,
              u.name,
              u.email,
              u.roles.join(' '),
              u.matter_ids.length ? u.matter_ids.map((id) => n.matter(id) ?? id).join('; ') : 'Every matter',
              u.status,
            ],
          },
        }}
        columns={['Name', 'Email', 'Roles', 'Matters', 'Status', ...(canWrite ? ['Manage'] : [])]}
        empty={list.isPending ? 'Loading users…' : list.data && !rows.length ? 'No users yet.' : null}
      >
        {rows.map((u) => (
          <tr key={u.user_id} data-testid="user-row" className="hover:bg-slate-50">
            <Td className="font-medium">{u.name ?? '—'}</Td>
            <Td className="break-all">{u.email}</Td>
            <Td>{u.roles.map(humanize).join(', ')}</Td>
            <Td className="max-w-xs text-xs">
              {u.matter_ids.length
                ? u.matter_ids.map((id) => names.get(id) ?? 'Another environment’s matter').join(', ')
                : 'Every matter'}
            </Td>
            <Td>
              <Badge tone={u.status === 'active' ? 'green' : u.status === 'invited' ? 'amber' : toneOf(u.status)}>
                {humanize(u.status)}
              </Badge>
            </Td>
            {canWrite && <Td>{u.status !== 'disabled' && <UserControls orgId={orgId} user={u} onLink={setLink} />}</Td>}
          </tr>
        ))}
      </DataTable>
      {list.data?.has_more && (
        <p className="text-sm text-slate-600">
          Showing the {rows.length} newest users; the API lists the rest (GET /v1/organizations/{'{id}'}/users).
        </p>
      )}
    </div>
  );
}

/**
 * A user's management: edit roles and matters; disable (an active user) or revoke (a pending
 * invite: the user is disabled and the link stops working); send a pending invite again.
 */
function UserControls({
  orgId,
  user,
  onLink,
}: {
  orgId: string;
  user: UserRow;
  onLink: (link: { url: string; email: string }) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.organization.users.pathKey() });
  const disable = useMutation(trpc.organization.updateUser.mutationOptions({ onSuccess: refresh }));
  const resend = useMutation(
    trpc.organization.resendInvite.mutationOptions({
      onSuccess: async (u) => {
        onLink({ url: u.invite_url, email: u.email });
        await refresh();
      },
    }),
  );
  const label = user.name ?? user.email;
  const invited = user.status === 'invited';
  const busy = disable.isPending || resend.isPending;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          aria-expanded={editing}
          aria-label={`Edit access of ${label}`}
          onClick={() => setEditing(!editing)}
        >
          {editing ? 'Close' : 'Edit access'}
        </Button>
        {invited && (
          <Button
            variant="secondary"
            disabled={busy}
            aria-label={`Resend invite to ${label}`}
            onClick={() => resend.mutate({ organization_id: orgId, user_id: user.user_id })}
          >
            Resend invite
          </Button>
        )}
        <Button
          variant="danger"
          disabled={busy}
          aria-label={`${invited ? 'Revoke invite of' : 'Disable'} ${label}`}
          onClick={() =>
            window.confirm(
              invited
                ? `Revoke the invite of ${user.email}?\n\nThe invite link stops working.`
                : `Disable ${user.email}?\n\nThey are signed out and cannot sign in again.`,
            ) && disable.mutate({ organization_id: orgId, user_id: user.user_id, status: 'disabled' })
          }
        >
          {invited ? 'Revoke invite' : 'Disable'}
        </Button>
      </div>
      <ErrorNote error={apiError(disable.error) ?? apiError(resend.error)} />
      {editing && <EditAccess orgId={orgId} user={user} onSaved={() => setEditing(false)} />}
    </div>
  );
}

/** PATCH roles and matters; a refusal (a role beyond the caller's own…) shows under its field. */
function EditAccess({ orgId, user, onSaved }: { orgId: string; user: UserRow; onSaved: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [access, setAccess] = useState<Access>({ roles: user.roles, matter_ids: user.matter_ids });
  const save = useMutation(
    trpc.organization.updateUser.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.organization.users.pathKey() });
        onSaved();
      },
    }),
  );
  const err = apiError(save.error);
  const at = fieldError(err);
  return (
    <form
      aria-label={`Access of ${user.name ?? user.email}`}
      className="mt-1 flex min-w-64 flex-col gap-2 rounded border border-slate-200 p-2"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({
          organization_id: orgId,
          user_id: user.user_id,
          roles: access.roles as never,
          matter_ids: access.matter_ids,
        });
      }}
    >
      <AccessPicker idPrefix={`edit-${user.user_id}`} value={access} onChange={setAccess} error={at} />
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save access'}
        </Button>
        {err && !['roles', 'matter_ids'].includes(at!.field) && <ErrorNote error={err} />}
      </div>
    </form>
  );
}
