import data from '../../../../data/exchanges/domiciles.json' with { type: 'json' };

/**
 * Where an exchange's operating entity is organized (data/exchanges/domiciles.json): a US state
 * code (US-DE), or a country for an offshore exchange. Unverified rows set review_required.
 */
export interface ExchangeDomicile {
  entity: string;
  country: string;
  state: string | null;
  verified: boolean;
  note: string;
}

export const EXCHANGE_DOMICILES = { name: data.dataset, as_of: data.as_of } as const;
const ROWS = data.exchanges as Record<string, ExchangeDomicile>;

export const exchangeDomicile = (slug: string): ExchangeDomicile | null => ROWS[slug] ?? null;
