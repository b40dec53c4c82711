import { HydrateClient } from '@/trpc/server';
import { AlertsInbox } from '@/components/monitoring/alerts-inbox';
import { requireConsoleUser } from '../../console-user';

export const metadata = { title: 'Alerts · Console' };

/** The alert inbox: new first, by severity, with filters; live by polling. */
export default async function AlertsPage() {
  const me = await requireConsoleUser();
  return (
    <HydrateClient>
      <AlertsInbox environment={me.environment} canWrite={me.permissions['monitoring:write']} />
    </HydrateClient>
  );
}
