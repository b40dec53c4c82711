import { cache } from 'react';
import { serverCaller } from '@/trpc/server';
import { firstQuery } from '../../refusal';

/**
 * The counterparty of this request, read once: the layout checks it (a missing one is a 404,
 * thrown outside the page's loading boundary so the status stays 404) and the page shows it.
 */
export const loadCounterparty = cache((id: string) =>
  firstQuery(async () => (await serverCaller()).relationships.counterparty({ counterparty_id: id })),
);
