import type { ReactNode } from 'react';
import { NoRegistryAccess } from '../../refusal';
import { loadCounterparty } from './counterparty';

/** An unknown or foreign counterparty is a plain 404; a user without the registry sees the refusal. */
export default async function CounterpartyLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ id: string }>;
}) {
  const { id } = await params;
  const r = await loadCounterparty(id);
  if ('refusal' in r) return <NoRegistryAccess refusal={r.refusal} />;
  return children;
}
