import { getQueryClient, HydrateClient, trpc } from '@/trpc/server';
import { OrganizationSettings } from '@/components/settings/organization-settings';
import { NoAccessNote } from '@/components/console/no-access';
import { requireConsoleUser } from '../../console-user';
import { firstQuery } from '../../webhooks/refusal';

export const metadata = { title: 'Organization · Console' };

/** Settings → Organization: profile, features (production access by its reviewer), children. */
export default async function OrganizationPage() {
  const me = await requireConsoleUser();
  const refusal = await firstQuery(() => getQueryClient().fetchQuery(trpc.organization.settings.queryOptions()));
  if (refusal) return <NoAccessNote title="Organization" what="see the organization's settings" refusal={refusal} />;
  return (
    <HydrateClient>
      <OrganizationSettings canWrite={me.permissions['org:write'] && me.matter_ids === null} />
    </HydrateClient>
  );
}
