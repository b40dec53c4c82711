import type { Ctx, Db } from '../../context';
import { isLawEnforcementOnly } from '../../domain/relationships/channel-rules';
import { normalizeCounterpartyName } from '../../domain/relationships/counterparty-name';

/** Corporate suffixes a registered name carries and an exchange label does not. */
const SUFFIXES = /\b(inc|llc|ltd|limited|corp|corporation|co|gmbh|sa|ag|plc|exchange)\b/g;

/** The label slug of an exchange name: "Coinbase, Inc." → "coinbase", "Crypto.com" → "crypto-com". */
export function exchangeSlug(name: string): string {
  return normalizeCounterpartyName(name.replace(/\./g, '-'))
    .replace(SUFFIXES, ' ')
    .trim()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A registered name's slug and its leading word groups: "binance-holdings" → binance, binance-holdings
 *  (labels name the brand, registries the company). */
const slugPrefixes = (slug: string) => slug.split('-').map((_w, i, all) => all.slice(0, i + 1).join('-'));

/** Whether a registered counterparty name is the exchange of a label slug ("Binance Holdings Ltd." is binance). */
export const isExchange = (name: string, slug: string) => slugPrefixes(exchangeSlug(name)).includes(slug);

/**
 * The exchanges (as label slugs, the `exchange` of an exchange hypothesis) the organization
 * has a usable relationship with in this environment: an `exchange` counterparty with at least
 * one channel that is not law-enforcement-only. For the chain module's packet readiness.
 */
export async function exchangeRelationships(ctx: Ctx, db: Db): Promise<Set<string>> {
  const rows = await db.relationship.findMany({
    where: { org_id: ctx.org.id, env: ctx.env, counterparty: { type: 'exchange' } },
    include: { counterparty: { select: { name: true } } },
    take: 1000,
  });
  return new Set(
    rows
      .filter((r) => !isLawEnforcementOnly(r))
      .flatMap((r) => slugPrefixes(exchangeSlug(r.counterparty.name)))
      .filter(Boolean),
  );
}
