import { TRPCError } from '@trpc/server';
import { notFound } from 'next/navigation';
import { getQueryClient, HydrateClient, prefetch, trpc } from '@/trpc/server';
import { CryptoView } from '@/components/crypto/crypto-view';
import { requireConsoleUser } from '../../../console-user';

export const metadata = { title: 'Crypto · Matter · Console' };

/**
 * A matter's Crypto page: wallets, the asset map (holdings, value, exchange hypotheses,
 * stablecoin exposure), the timeline chart and the attribution graph. A matter the user may
 * not see is a plain 404.
 */
export default async function CryptoPage({ params }: { params: Promise<{ id: string }> }) {
  const me = await requireConsoleUser();
  const { id } = await params;
  try {
    await getQueryClient().fetchQuery(trpc.crypto.overview.queryOptions({ matter_id: id }));
  } catch (e) {
    if (e instanceof TRPCError && (e.code === 'NOT_FOUND' || e.code === 'FORBIDDEN')) notFound();
    throw e;
  }
  await prefetch(trpc.matters.get.queryOptions({ matter_id: id }));
  return (
    <HydrateClient>
      <CryptoView matterId={id} me={me} />
    </HydrateClient>
  );
}
