import { z } from 'zod';

/**
 * Shared zod building blocks. Bodies are strict objects (unknown fields → parameter_unknown);
 * enums are closed vocabularies from API-CONTRACT §9.
 */
export const str = (max = 10_000) => z.string().max(max);
export const name = () => z.string().trim().min(1).max(500);
export const dateTime = () => z.iso.datetime({ offset: true });
export const date = () => z.iso.date();
export const arr = <T extends z.ZodType>(item: T) => z.array(item).max(1000);

/** Decimal money amount: a JSON number, or a decimal string for more than 15 digits. */
export const decimal = () =>
  z.union([z.number().finite(), z.string().regex(/^-?\d{1,20}(\.\d{1,18})?$/, 'a decimal such as "1250.75"')])
    .transform((v) => (typeof v === 'number' ? String(v) : v))
    .refine((v) => /^-?\d{1,20}(\.\d{1,18})?$/.test(v), 'at most 20 integer and 18 fractional digits');

export const currency = () => z.string().regex(/^[A-Za-z0-9]{2,12}$/, 'an ISO 4217 code or an asset ticker').transform((s) => s.toUpperCase());

export const moneyIn = () => z.strictObject({ amount: decimal(), currency: currency(), valuation_time: dateTime().optional() });
export const moneyOut = z.object({ amount: z.number(), currency: z.string(), valuation_time: z.string().optional() });

export const SOURCE_TYPES = [
  'judgment', 'assignment', 'court_order', 'engagement_letter', 'power_of_attorney', 'docket',
  'writ', 'affidavit', 'declaration', 'correspondence', 'blockchain_record', 'exchange_response',
  'subpoena_response', 'public_record', 'screenshot', 'report', 'proof_of_control', 'other',
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

export const REVIEW_STATUSES = ['not_required', 'pending', 'in_review', 'approved', 'rejected'] as const;
export const reviewStateIn = () =>
  z.strictObject({
    review_required: z.boolean().optional(),
    review_status: z.enum(REVIEW_STATUSES).optional(),
    review_owner: str(200).nullable().optional(),
    review_notes: str().nullable().optional(),
  });
export const reviewStateOut = z.object({
  review_required: z.boolean(),
  review_status: z.string(),
  review_owner: z.string().nullable(),
  review_notes: z.string().nullable(),
});

/** Free-form object (economics, details…): bounded by the body limits, not by shape. */
export const freeObject = () => z.record(z.string().max(200), z.unknown());

const PAGE_SHAPE = {
  limit: z.coerce.number().int().min(1).max(100).default(20),
  starting_after: z.string().max(100).optional(),
  ending_before: z.string().max(100).optional(),
};

/** limit 1–100 (default 20), starting_after | ending_before, plus the list's own filters. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export const listQuery = <S extends z.ZodRawShape = {}>(filters?: S) =>
  z.strictObject({ ...PAGE_SHAPE, ...(filters ?? ({} as S)) }).refine(
    (q) => !((q as { starting_after?: unknown }).starting_after && (q as { ending_before?: unknown }).ending_before),
    { message: 'use starting_after or ending_before, not both', path: ['ending_before'] },
  );

export const listOf = (item: z.ZodType) =>
  z.object({ object: z.literal('list'), data: z.array(item), has_more: z.boolean(), url: z.string(), audit_ref: z.string() });

export const objectBase = (object: string, idField: string) =>
  z.object({ object: z.literal(object), [idField]: z.string(), created_at: z.string(), audit_ref: z.string().optional() });

export const emptyBody = () => z.strictObject({});
