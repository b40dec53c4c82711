/**
 * Query inputs shared by the server pages (prefetch) and the client components (read): both
 * must build the same input, or the prefetched data would sit under another cache key.
 */

/** Judgments listed on the matter page (newest first). */
export const judgmentsListInput = (matterId: string) => ({ matter_id: matterId, limit: 50 });

/** Deadlines on the judgment page's timeline: every current one (open and passed). */
export const deadlinesInput = (judgmentId: string) => ({ judgment_id: judgmentId, limit: 100 });

/** The matter's ledger balance as of today (the service's default). */
export const ledgerInput = (matterId: string) => ({ matter_id: matterId });
