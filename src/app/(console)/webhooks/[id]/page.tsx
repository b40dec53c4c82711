import { getQueryClient, HydrateClient, prefetch, trpc } from '@/trpc/server';
import { EndpointView } from '@/components/webhooks/endpoint-view';
import { deliveriesInput } from '@/components/webhooks/inputs';
import { requireConsoleUser } from '../../console-user';
import { firstQuery, NoAccess } from '../refusal';

export const metadata = { title: 'Webhook endpoint · Console' };

/**
 * One webhook endpoint and its recent delivery attempts. An endpoint of another environment or
 * organization, or a deleted one, is a plain 404.
 */
export default async function WebhookEndpointPage({ params }: { params: Promise<{ id: string }> }) {
  const me = await requireConsoleUser();
  const { id } = await params;
  const refusal = await firstQuery(() =>
    getQueryClient().fetchQuery(trpc.webhooks.get.queryOptions({ webhook_endpoint_id: id })),
  );
  if (refusal) return <NoAccess refusal={refusal} />;
  await prefetch(trpc.webhooks.deliveries.queryOptions(deliveriesInput(id)));
  return (
    <HydrateClient>
      <EndpointView endpointId={id} canWrite={me.permissions['webhook_endpoints:write']} />
    </HydrateClient>
  );
}
