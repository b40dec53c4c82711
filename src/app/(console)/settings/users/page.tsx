import { getQueryClient, HydrateClient, trpc } from '@/trpc/server';
import { Users } from '@/components/settings/users';
import { usersInput } from '@/components/developers/inputs';
import { NoAccessNote } from '@/components/console/no-access';
import { requireConsoleUser } from '../../console-user';
import { firstQuery } from '../../webhooks/refusal';

export const metadata = { title: 'Users · Console' };

/** Settings → Users: the organization's users; invite and manage them with `users:write`. */
export default async function UsersPage() {
  const me = await requireConsoleUser();
  const refusal = await firstQuery(() =>
    getQueryClient().fetchQuery(trpc.organization.users.queryOptions(usersInput(me.organization.id))),
  );
  if (refusal) return <NoAccessNote title="Users" what="see the organization's users" refusal={refusal} />;
  return (
    <HydrateClient>
      <Users orgId={me.organization.id} environment={me.environment} canWrite={me.permissions['users:write']} />
    </HydrateClient>
  );
}
