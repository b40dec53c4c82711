/**
 * A case-insensitive substring filter whose text is literal. Prisma's `contains` becomes
 * `ILIKE '%…%'` without escaping, so `%` and `_` in a user's search acted as wildcards
 * (`?name=%` matched every row). PostgreSQL's default LIKE escape character is `\`.
 */
export const containsText = (text: string) => ({
  contains: text.replace(/[\\%_]/g, (c) => `\\${c}`),
  mode: 'insensitive' as const,
});
