/** Display helpers shared by console screens (no I/O; safe on server and client). */

/** "1234567.5" + "USD" → "1,234,567.50 USD". The amount stays a decimal string: no float rounding. */
export function formatAmount(amount: string | number, currency: string): string {
  const text = String(amount);
  const [int, frac = ''] = text.replace(/^-/, '').split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const decimals = frac.length ? frac.padEnd(2, '0') : /^[A-Z]{3}$/.test(currency) ? '00' : '';
  return `${text.startsWith('-') ? '-' : ''}${grouped}${decimals ? `.${decimals}` : ''} ${currency}`;
}

/** ISO timestamp → "2026-06-11 14:03 UTC" (one fixed zone, so every operator reads the same). */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export const humanize = (s: string | null | undefined) =>
  s ? s.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()) : '—';
