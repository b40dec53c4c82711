import { getQueryClient, HydrateClient, trpc } from '@/trpc/server';
import { Logs } from '@/components/developers/logs';
import { requestsInput } from '@/components/developers/inputs';
import { NoAccessNote } from '@/components/console/no-access';
import { requireConsoleUser } from '../../console-user';
import { firstQuery } from '../../webhooks/refusal';

export const metadata = { title: 'Logs · Console' };

/** Developers → Logs: recent API requests and events; needs `audit:read`, organization-wide. */
export default async function LogsPage() {
  const me = await requireConsoleUser();
  const refusal = await firstQuery(() => getQueryClient().fetchQuery(trpc.logs.requests.queryOptions(requestsInput())));
  if (refusal) return <NoAccessNote title="Logs" what="read the organization's request log" refusal={refusal} />;
  return (
    <HydrateClient>
      <Logs orgId={me.organization.id} environment={me.environment} canListKeys={me.permissions['keys:read']} />
    </HydrateClient>
  );
}
