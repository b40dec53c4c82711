import { HydrateClient } from '@/trpc/server';
import { AlertsInbox } from '@/components/monitoring/alerts-inbox';
import { requireConsoleUser } from '../../console-user';

export const metadata = { title: 'Alerts · Console' };

/** The alert inbox: new first, by severity, with filters; live by polling. */
export default async function AlertsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const me = await requireConsoleUser();
  const { matter_id } = await searchParams;
  return (
    <HydrateClient>
      <AlertsInbox
        environment={me.environment}
        canWrite={me.permissions['monitoring:write']}
        matterId={typeof matter_id === 'string' && matter_id ? matter_id : undefined}
      />
    </HydrateClient>
  );
}
