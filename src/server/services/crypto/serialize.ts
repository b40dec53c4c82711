import { exactNumber } from '../../json';
import type { exposureItem } from '../../domain/crypto/stablecoins';

/** review_state of a computed output: required whenever any reason exists. */
export const reviewState = (reasons: string[]) => ({
  review_required: reasons.length > 0,
  review_status: reasons.length ? 'pending' : 'not_required',
  review_owner: null,
  review_notes: reasons.length ? reasons.join('; ') : null,
});

/** A stablecoin exposure item with exact-decimal amounts. */
export const exposureOut = (e: ReturnType<typeof exposureItem>) => ({
  ...e,
  amount: exactNumber(e.amount),
  usd_value: exactNumber(e.usd_value),
  price_usd: exactNumber(e.price_usd),
});
