import { getQueryClient, HydrateClient, trpc } from '@/trpc/server';
import { ApiKeys } from '@/components/developers/api-keys';
import { keysInput } from '@/components/developers/inputs';
import { NoAccessNote } from '@/components/console/no-access';
import { requireConsoleUser } from '../../console-user';
import { firstQuery } from '../../webhooks/refusal';

export const metadata = { title: 'API keys · Console' };

/** Developers → API keys: the organization's keys; issue, roll and revoke with `keys:write`. */
export default async function ApiKeysPage() {
  const me = await requireConsoleUser();
  const refusal = await firstQuery(() =>
    getQueryClient().fetchQuery(trpc.organization.keys.queryOptions(keysInput(me.organization.id))),
  );
  if (refusal) return <NoAccessNote title="API keys" what="see the organization's API keys" refusal={refusal} />;
  return (
    <HydrateClient>
      <ApiKeys orgId={me.organization.id} environment={me.environment} canWrite={me.permissions['keys:write']} />
    </HydrateClient>
  );
}
