import { TRPCError } from '@trpc/server';
import { notFound } from 'next/navigation';
import { getQueryClient, HydrateClient, prefetch, trpc } from '@/trpc/server';
import { MatterView } from '@/components/matters/matter-view';
import { AUDIT_PAGE, PANEL_ROWS } from '@/components/matters/inputs';
import { judgmentsListInput, ledgerInput } from '@/components/judgments/inputs';
import { jurisdictionOptions } from '../jurisdiction-options';
import { requireConsoleUser } from '../../../console-user';

export const metadata = { title: 'Matter · Console' };

/**
 * One matter: dashboard figures, authority, claimants, judgments, the ledger and the latest
 * audit events. A matter the
 * user may not see (other environment, organization or matter permission) is a plain 404.
 */
export default async function MatterPage({ params }: { params: Promise<{ id: string }> }) {
  const me = await requireConsoleUser();
  const { id } = await params;
  try {
    await getQueryClient().fetchQuery(trpc.matters.get.queryOptions({ matter_id: id }));
  } catch (e) {
    if (e instanceof TRPCError && e.code === 'NOT_FOUND') notFound();
    throw e;
  }
  await Promise.all([
    prefetch(trpc.matters.dashboard.queryOptions({ matter_id: id })),
    me.permissions['authority:read'] &&
      prefetch(trpc.matters.authority.list.queryOptions({ matter_id: id, limit: PANEL_ROWS })),
    me.permissions['claimants:read'] &&
      prefetch(trpc.matters.claimants.list.queryOptions({ matter_id: id, limit: PANEL_ROWS })),
    me.permissions['audit:read'] &&
      prefetch(trpc.audit.matterEvents.queryOptions({ matter_id: id, limit: AUDIT_PAGE })),
    me.permissions['judgments:read'] && prefetch(trpc.judgments.list.queryOptions(judgmentsListInput(id))),
    me.permissions['ledger:read'] && prefetch(trpc.ledger.balance.queryOptions(ledgerInput(id))),
  ]);
  return (
    <HydrateClient>
      <MatterView matterId={id} me={me} jurisdictions={jurisdictionOptions()} />
    </HydrateClient>
  );
}
