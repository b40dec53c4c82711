import { z } from 'zod';
import { normalizeDecimal } from '../json';

/**
 * Shared zod building blocks. Bodies are strict objects (unknown fields → parameter_unknown);
 * enums are closed vocabularies from API-CONTRACT §9.
 */
export const str = (max = 10_000) => z.string().max(max);
export const name = () => z.string().trim().min(1).max(500);
/** Years 0001–9999: year 0000 is valid ISO 8601 but not a date PostgreSQL can hold. */
const realYear = (s: string) => !s.startsWith('0000') && !Number.isNaN(Date.parse(s));
export const dateTime = () =>
  z.iso.datetime({ offset: true }).max(40).refine(realYear, 'a date from year 0001 to 9999');
export const date = () => z.iso.date().max(10).refine(realYear, 'a date from year 0001 to 9999');
/** An id of one kind, checked by shape (`usr_` + 24 base62): a reference or filter of another shape is 400. */
export const idRef = (prefix: string, what: string) =>
  z
    .string()
    .max(40)
    .regex(new RegExp(`^${prefix}_[0-9A-Za-z]{24}$`), `${what} id (${prefix}_…)`);
/**
 * A timestamp in an answer: ISO 8601 in UTC as `toISOString` writes it. Declared `date-time` so
 * that generated clients and contract tools type and check it (requests use `dateTime()`, which
 * also validates).
 */
export const timestamp = () => z.string().meta({ format: 'date-time' });
/** A calendar day in an answer (`YYYY-MM-DD`). */
export const day = () => z.string().meta({ format: 'date' });
export const arr = <T extends z.ZodType>(item: T) => z.array(item).max(1000);

/** Decimal money amount: a JSON number, or a decimal string for more than 15 digits. */
export const decimal = () =>
  z
    .union([
      z.number().finite(),
      z
        .string()
        .max(40)
        .regex(/^-?\d{1,20}(\.\d{1,18})?$/, 'a decimal such as "1250.75"'),
    ])
    .transform((v) => (typeof v === 'number' ? String(v) : v))
    .refine((v) => /^-?\d{1,20}(\.\d{1,18})?$/.test(v), 'at most 20 integer and 18 fractional digits');

export const currency = () =>
  z
    .string()
    .max(12)
    .regex(/^[A-Za-z0-9]{2,12}$/, 'an ISO 4217 code or an asset ticker')
    .transform((s) => s.toUpperCase());

const DECIMAL_TEXT = /^-?\d{1,20}(\.\d{1,18})?$/;

/**
 * Money in a request: `amount` (a JSON number, or a decimal string) or `amount_decimal` (the
 * exact decimal as a string, what JavaScript clients should send), plus the currency. Either
 * may be given; both only when they are the same number. The service sees `amount` as text.
 */
const MONEY_IN = z
  .strictObject({
    amount: decimal().optional(),
    amount_decimal: z.string().max(40).regex(DECIMAL_TEXT, 'a decimal string such as "1250.75"').optional(),
    currency: currency(),
    valuation_time: dateTime().optional(),
  })
  .superRefine((m, ctx) => {
    if (m.amount === undefined && m.amount_decimal === undefined)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'amount or amount_decimal is required' });
    else if (
      m.amount !== undefined &&
      m.amount_decimal !== undefined &&
      normalizeDecimal(m.amount) !== normalizeDecimal(m.amount_decimal)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount_decimal'],
        message: 'amount and amount_decimal differ; send one of them',
      });
    }
  })
  .transform(({ amount, amount_decimal, ...rest }) => ({ amount: (amount ?? amount_decimal)!, ...rest }))
  .meta({
    id: 'MoneyInput',
    description:
      'An amount of money or of a crypto asset: `amount` or `amount_decimal` (exact decimal string), and `currency`.',
    examples: [{ amount_decimal: '125000.50', currency: 'USD' }],
  });
/** One instance: a named schema (`.meta({ id })`) may be registered once. */
export const moneyIn = () => MONEY_IN;

/** Money in a response: `amount` and `amount_decimal` carry the same exact decimal (API-CONTRACT §2). */
export const moneyOut = z
  .object({
    amount: z
      .number()
      .describe(
        'The exact decimal as a JSON number literal; JavaScript parsers may round it beyond 15 significant digits.',
      ),
    amount_decimal: z.string().describe('The same amount as an exact decimal string: read this one from JavaScript.'),
    currency: z.string().describe('ISO 4217 code or asset ticker, upper case.'),
    valuation_time: timestamp().optional().describe('When a crypto amount was valued.'),
  })
  .meta({
    id: 'Money',
    description: 'An amount of money or of a crypto asset.',
    examples: [{ amount: 125000.5, amount_decimal: '125000.5', currency: 'USD' }],
  });

/** The two environments every tenant row and key lives in. */
export const ENVIRONMENTS = ['sandbox', 'production'] as const;

export const SOURCE_TYPES = [
  'judgment',
  'assignment',
  'court_order',
  'engagement_letter',
  'power_of_attorney',
  'docket',
  'writ',
  'affidavit',
  'declaration',
  'correspondence',
  'blockchain_record',
  'exchange_response',
  'subpoena_response',
  'public_record',
  'screenshot',
  'report',
  'proof_of_control',
  'other',
] as const;

export const sourceRef = () =>
  z.strictObject({
    source_id: str(200).optional(),
    source_type: z.enum(SOURCE_TYPES),
    title: str(500).optional(),
    uri: str(2000).optional(),
    hash: str(200).optional(),
    chain_of_custody_id: str(200).optional(),
    admissibility_notes: str().optional(),
  });

/** A source reference in an answer: what was recorded, field for field (see `sourceRef`). */
export const sourceRefOut = z
  .object({
    source_id: z.string().optional(),
    source_type: z.enum(SOURCE_TYPES),
    title: z.string().optional(),
    uri: z.string().optional(),
    hash: z.string().optional(),
    chain_of_custody_id: z.string().optional(),
    admissibility_notes: z.string().optional(),
  })
  .meta({
    id: 'SourceRef',
    description: 'A document or record an object rests on, as it was given.',
    examples: [
      { source_type: 'judgment', title: 'Judgment entered 2025-06-02', uri: 'https://docs.example/judgment.pdf' },
    ],
  });

export const REVIEW_STATUSES = ['not_required', 'pending', 'in_review', 'approved', 'rejected'] as const;
export const reviewStateIn = () =>
  z.strictObject({
    review_required: z.boolean().optional(),
    review_status: z.enum(REVIEW_STATUSES).optional(),
    review_owner: str(200).nullable().optional(),
    review_notes: str().nullable().optional(),
  });
export const reviewStateOut = z
  .object({
    review_required: z.boolean(),
    review_status: z.string(),
    review_owner: z.string().nullable(),
    review_notes: z.string().nullable(),
  })
  .meta({ id: 'ReviewState', description: 'Human review state of an object resting on unverified data.' });

/** Free-form object (economics, details…): bounded by the body limits, not by shape. */
export const freeObject = () => z.record(z.string().max(200), z.unknown());

/** A paging cursor: the id of an object of the list being paged (checked against the list too). */
const cursor = () =>
  z
    .string()
    .max(100)
    .regex(/^[a-z]+_[0-9A-Za-z]{24}$/, 'the id of an object from this list');

const PAGE_SHAPE = {
  // Digits only: Number() would also read "1e1", "0x10" or " 5 ".
  // Digits only in a query string (Number() would also read "1e1", "0x10" or " 5 "); the
  // console's typed calls pass a number.
  limit: z
    .union([
      z.number(),
      z
        .string()
        .regex(/^\d{1,3}$/, 'an integer from 1 to 100')
        .transform(Number),
    ])
    .pipe(z.number().int().min(1).max(100))
    .default(20),
  starting_after: cursor().optional(),
  ending_before: cursor().optional(),
};

/** limit 1–100 (default 20), starting_after | ending_before, plus the list's own filters. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export const listQuery = <S extends z.ZodRawShape = {}>(filters?: S) =>
  z
    .strictObject({ ...PAGE_SHAPE, ...(filters ?? ({} as S)) })
    .refine(
      (q) => !((q as { starting_after?: unknown }).starting_after && (q as { ending_before?: unknown }).ending_before),
      { message: 'use starting_after or ending_before, not both', path: ['ending_before'] },
    );

export const listOf = (item: z.ZodType) =>
  z.object({
    object: z.literal('list'),
    data: z.array(item),
    has_more: z.boolean(),
    url: z.string(),
    audit_ref: z.string(),
  });

export const objectBase = (object: string, idField: string) =>
  z.object({
    object: z.literal(object),
    [idField]: z.string(),
    created_at: timestamp(),
    audit_ref: z.string().optional(),
  });

export const emptyBody = () => z.strictObject({});
