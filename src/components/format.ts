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

// Words that are abbreviations read in capitals wherever they fall ("VASP legal process", not "Vasp").
const ACRONYMS = new Set([
  'vasp',
  'ofac',
  'usd',
  'usdc',
  'usdt',
  'eth',
  'btc',
  'api',
  'pdf',
  'kyc',
  'evm',
  'sdn',
  'url',
  'id',
]);

/** `vasp_legal_process` → "VASP legal process": words split on `_`, the first capitalised, acronyms in capitals. */
export const humanize = (s: string | null | undefined) =>
  s
    ? s
        .split('_')
        .map((w, i) =>
          ACRONYMS.has(w.toLowerCase()) ? w.toUpperCase() : i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w,
        )
        .join(' ')
    : '—';
