import { getQueryClient, HydrateClient, trpc } from '@/trpc/server';
import { ReviewQueue } from '@/components/sanctions/review-queue';
import { OfacReports } from '@/components/sanctions/ofac-reports';
import { ScreensList } from '@/components/sanctions/screens-list';
import { PageTitle } from '@/components/ui';
import { requireConsoleUser } from '../console-user';
import { firstQuery, NoAccess } from '../webhooks/refusal';

export const metadata = { title: 'Sanctions · Console' };

/** Sanctions: the review queue (counsel decides), decided reviews, OFAC report workflows, screens. */
export default async function SanctionsPage() {
  const me = await requireConsoleUser();
  const refusal = await firstQuery(() =>
    getQueryClient().fetchQuery(trpc.sanctions.reviews.queryOptions({ status: 'in_review', limit: 20 })),
  );
  if (refusal) return <NoAccess refusal={refusal} />;
  const canDecide = me.permissions['sanctions:decide'];
  const canWrite = me.permissions['sanctions:write'];
  return (
    <HydrateClient>
      <div className="flex flex-col gap-3">
        <div>
          <PageTitle title="Sanctions" environment={me.environment} />
          <p className="max-w-3xl text-sm text-slate-700">
            A match or potential match pauses ordinary collection on its matter until counsel clears it. Blocking sets
            the OFAC report requirement: the blocked-property report is due 10 business days after blocking (31 CFR
            501.603).
            {!canDecide && ' Only counsel and admins decide reviews.'}
          </p>
        </div>
        <ReviewQueue status="in_review" title="Review queue" canDecide={canDecide} canWrite={canWrite} />
        <ReviewQueue status="blocked" title="Blocked" canDecide={false} canWrite={canWrite} />
        <OfacReports canWrite={canWrite} />
        <ReviewQueue status="cleared" title="Cleared" canDecide={false} canWrite={false} />
        <ScreensList />
      </div>
    </HydrateClient>
  );
}
