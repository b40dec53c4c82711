/**
 * Keyset paging on time-ordered ids (never OFFSET), newest first.
 * - default / starting_after=X: id < X, ORDER BY id DESC
 * - ending_before=X: id > X, ORDER BY id ASC, then reversed so pages still read newest first.
 * One extra row is fetched to answer has_more.
 *
 * The lead of a list is the column just before the id in the index its page should walk, with
 * its value ({env} after an org_id filter, {matter_id}, {status} after org_id and env); every
 * earlier column of that index is an equality in the list's own filter. The lead is asked for
 * as a one-value range and put in the ORDER BY. Given `env = X` instead, PostgreSQL drops the
 * constant from the ORDER BY, and for a tenant or matter holding most of a table it walks the
 * primary key backwards, past every newer row of every other one (20,000 rows read for a
 * 21-row page, and growing with them), because the id's correlation with the heap makes that
 * scan look cheap. The range keeps the column in the order, which only that index gives
 * without a sort, and a range on the last column before the id still bounds both ends of the
 * scan. (Ranges on two columns do not: the second one no longer stops a scan, which then walks
 * every other value of it. Hence one column.)
 */
import { ApiError } from '../errors';

export interface PageArgs {
  limit: number;
  starting_after?: string;
  ending_before?: string;
}

export interface Page<T> {
  data: T[];
  has_more: boolean;
}

type Dir = 'asc' | 'desc';
type IdBound = { lt: string } | { gt: string } | { gte: string; lte: string };
type Where<K extends string> = { [P in K]?: { gte: string; lte: string } } & { id?: IdBound };
type OrderBy<K extends string> = { [P in K | 'id']?: Dir }[];
type FindMany<T, K extends string> = (args: { where: Where<K>; orderBy: OrderBy<K>; take: number }) => Promise<T[]>;

export async function keysetPage<T extends { id: string }, K extends string = never>(
  args: PageArgs,
  find: FindMany<T, K>,
  lead?: Partial<Record<K, string>>,
): Promise<Page<T>> {
  const take = args.limit + 1;
  const [col, value] = Object.entries(lead ?? {})[0] ?? [];
  const page = (dir: Dir, id?: IdBound) =>
    find({
      where: { ...(col ? { [col]: { gte: value, lte: value } } : {}), ...(id ? { id } : {}) } as Where<K>,
      orderBy: [...(col ? [{ [col]: dir }] : []), { id: dir }] as OrderBy<K>,
      take,
    });
  const result = args.ending_before
    ? await page('asc', { gt: args.ending_before }).then((rows) => ({
        data: rows.slice(0, args.limit).reverse(),
        has_more: rows.length > args.limit,
      }))
    : await page('desc', args.starting_after ? { lt: args.starting_after } : undefined).then((rows) => ({
        data: rows.slice(0, args.limit),
        has_more: rows.length > args.limit,
      }));
  // A cursor of another kind of object (its id prefix differs from the list's), or one after
  // which the page is empty and that is not in the list, is a client's mistake, not the end of
  // the list: 400 naming it, as Stripe answers. The existence check runs only on an empty page,
  // so an object that left a filtered list since its page was read (an alert triaged while
  // paging `status=new`) still pages on from where it was.
  const cursor = args.ending_before ?? args.starting_after;
  if (cursor) {
    const kind = (id: string) => id.slice(0, id.indexOf('_'));
    const first = result.data[0];
    const foreign = first
      ? kind(first.id) !== kind(cursor)
      : !(await page('desc', { gte: cursor, lte: cursor })).length;
    if (foreign) {
      const param = args.ending_before ? 'ending_before' : 'starting_after';
      throw new ApiError('parameter_invalid', `No such object in this list: '${cursor}'.`, { param });
    }
  }
  return result;
}

/** A screen's newest `limit` rows (no cursor), walking the lead's index as a page does. */
export async function newest<T extends { id: string }, K extends string = never>(
  limit: number,
  find: FindMany<T, K>,
  lead?: Partial<Record<K, string>>,
): Promise<T[]> {
  return (await keysetPage({ limit }, find, lead)).data;
}

/** The newest row of a lead (a matter's latest asset map), or null, walking its index as a page does. */
export async function latest<T extends { id: string }, K extends string = never>(
  find: FindMany<T, K>,
  lead: Partial<Record<K, string>>,
): Promise<T | null> {
  return (await newest(1, find, lead))[0] ?? null;
}

/** Every list's indexes by Prisma model, as declared with listIndexes (checked against the schema in tests). */
export const LIST_INDEXES: { model: string; indexes: readonly (readonly string[])[] }[] = [];

/**
 * A list's indexes for leadOf: each index's columns before the id, most selective first. Kept
 * at module level and named by model, so tests/paging.test.ts can check each against the
 * schema's indexes: a list whose index is gone would still answer, reading the table instead.
 */
export function listIndexes<const C extends string>(model: string, indexes: readonly (readonly C[])[]) {
  LIST_INDEXES.push({ model, indexes });
  return indexes;
}

/**
 * A list's lead (above) from its equality filters: the last column of the first of `indexes`
 * (each an index's columns before the id, most selective first) whose columns all have a plain
 * value. Returns the filters without that column, and the lead. A filter that is not a plain
 * value (`{ in: [...] }`) never picks an index.
 */
export function leadOf<W extends Record<string, unknown>, C extends keyof W & string>(
  filters: W,
  indexes: readonly (readonly C[])[],
): { where: Partial<W>; lead?: Partial<Record<C, string>> } {
  const index = indexes.find((cols) => cols.every((c) => typeof filters[c] === 'string'));
  if (!index) return { where: filters };
  const col = index[index.length - 1];
  const { [col]: value, ...where } = filters;
  return { where: where as Partial<W>, lead: { [col]: value as string } as Partial<Record<C, string>> };
}

/** The list envelope of API-CONTRACT §6 (audit_ref is added by the REST wrapper). */
export function listEnvelope<T, U>(page: Page<T>, url: string, map: (row: T) => U) {
  return { object: 'list' as const, data: page.data.map(map), has_more: page.has_more, url };
}
