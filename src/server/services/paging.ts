/**
 * Keyset paging on time-ordered ids (never OFFSET), newest first.
 * - default / starting_after=X: id < X, ORDER BY id DESC
 * - ending_before=X: id > X, ORDER BY id ASC, then reversed so pages still read newest first.
 * One extra row is fetched to answer has_more.
 */
export interface PageArgs {
  limit: number;
  starting_after?: string;
  ending_before?: string;
}

export interface Page<T> {
  data: T[];
  has_more: boolean;
}

type FindMany<T> = (args: {
  where: { id?: { lt: string } | { gt: string } };
  orderBy: { id: 'asc' | 'desc' };
  take: number;
}) => Promise<T[]>;

export async function keysetPage<T extends { id: string }>(args: PageArgs, find: FindMany<T>): Promise<Page<T>> {
  const take = args.limit + 1;
  if (args.ending_before) {
    const rows = await find({ where: { id: { gt: args.ending_before } }, orderBy: { id: 'asc' }, take });
    const has_more = rows.length > args.limit;
    return { data: rows.slice(0, args.limit).reverse(), has_more };
  }
  const rows = await find({
    where: args.starting_after ? { id: { lt: args.starting_after } } : {},
    orderBy: { id: 'desc' },
    take,
  });
  return { data: rows.slice(0, args.limit), has_more: rows.length > args.limit };
}

/** The list envelope of API-CONTRACT §6 (audit_ref is added by the REST wrapper). */
export function listEnvelope<T, U>(page: Page<T>, url: string, map: (row: T) => U) {
  return { object: 'list' as const, data: page.data.map(map), has_more: page.has_more, url };
}
