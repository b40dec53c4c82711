import { getQueryClient, HydrateClient, trpc } from '@/trpc/server';
import { EndpointsList } from '@/components/webhooks/endpoints-list';
import { endpointsInput } from '@/components/webhooks/inputs';
import { requireConsoleUser } from '../../console-user';
import { firstQuery, NoAccess } from '../refusal';

export const metadata = { title: 'Webhooks · Console' };

/** The environment's webhook endpoints: add (secret shown once), enable/disable, delete. */
export default async function WebhooksPage() {
  const me = await requireConsoleUser();
  const refusal = await firstQuery(() =>
    getQueryClient().fetchQuery(trpc.webhooks.list.queryOptions(endpointsInput())),
  );
  if (refusal) return <NoAccess refusal={refusal} />;
  return (
    <HydrateClient>
      <EndpointsList environment={me.environment} canWrite={me.permissions['webhook_endpoints:write']} />
    </HydrateClient>
  );
}
