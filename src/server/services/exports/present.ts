/**
 * How exported documents write values for a reader rather than a program: amounts with
 * thousands separators and their currency, dates in words, field codes as words, and (outside
 * the `none` profile) no internal ids or repository file paths. Pure string functions, run in
 * the render worker.
 */

export { formatAmount, formatDate, formatMoney } from '../../domain/reader-format';

/** A code ("engagement_letter", "court_order") as words ("Engagement letter"). */
export function humanize(code: unknown): string {
  if (code === null || code === undefined) return '';
  const s = String(code).replace(/_/g, ' ').trim();
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

/**
 * Internal ids (`<prefix>_` + 24 base62 characters, e.g. org_…, key_…, usr_…, mtr_…) and
 * request ids. A prefix is 2 to 4 lower-case letters (src/server/ids.ts).
 */
export const INTERNAL_ID = /\b[a-z]{2,4}_[0-9A-Za-z]{24}\b/g;
/** A file path of this repository (reference datasets are named by their path in `data/`). */
const REPO_PATH = /\b(?:data|src|prisma|scripts|tests)\/(?:[\w.-]+\/)*([\w-]+)(?:\.[a-z]{2,5})?(?![\w/])/g;

/** A dataset file name as its title: "data/labels/evm_exchange_labels.csv" → "Evm exchange labels dataset". */
const datasetTitle = (base: string) =>
  `${humanize(base.replace(/-?\d{4}-\d{2}-\d{2}$/, '').replace(/-/g, '_'))} dataset`;

/**
 * Text for a reader outside the operator: internal ids become "(internal reference)" and
 * repository paths the dataset's title. Under the `none` profile the text is returned whole.
 */
export function publicText(text: string, profile: string): string {
  if (profile === 'none') return text;
  return text.replace(REPO_PATH, (_m, base: string) => datasetTitle(base)).replace(INTERNAL_ID, '(internal reference)');
}
