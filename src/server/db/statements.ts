import type { PrismaPg } from '@prisma/adapter-pg';
import type pg from 'pg';

/**
 * At most this many distinct SQL texts get a name. Each named statement stays prepared on
 * every connection that ran it, for the connection's life, so a process that kept generating
 * new texts (an IN list of every length, say) must not grow PostgreSQL's memory without bound;
 * past the limit a text runs unnamed, as every statement did before.
 */
export const MAX_NAMED_STATEMENTS = 1000;

// On globalThis, as the client is (client.ts): the bundle holds more than one copy of this
// module, and two copies handing out one name for two texts would collide on a connection.
const g = globalThis as typeof globalThis & { __mdStatementNames?: Map<string, string> };
const names = (g.__mdStatementNames ??= new Map<string, string>());
/** MD_PG_PREPARED=0 for a pooler that cannot keep a session's prepared statements (README). */
const prepared = process.env.MD_PG_PREPARED !== '0';

/**
 * The prepared-statement name of a SQL text, on PostgreSQL. pg parses a named statement once
 * per connection and then only binds and executes it, and after five runs PostgreSQL may keep
 * a generic plan, so the same text is no longer parsed and planned on every request (most of
 * the database's CPU on a write, whose idempotency claim and audit append are CTEs; see the
 * README). One name per text, for the life of the process (pg refuses a name reused for
 * another text); texts are the application's own SQL, values always travel as parameters.
 */
export function statementName(text: string): string | undefined {
  if (!prepared) return undefined;
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED_STATEMENTS) {
    name = `md_${names.size}`;
    names.set(text, name);
  }
  return name;
}

/** A query for pg: named when it can be (see statementName). */
export const named = (text: string, values: unknown[]): pg.QueryConfig => ({
  name: statementName(text),
  text,
  values,
});

/**
 * PrismaPg's options: every statement Prisma sends is named the same way. Its type wants a
 * string, but undefined is what pg takes for an unnamed statement, as PrismaPg's default is.
 */
export const pgAdapterOptions: ConstructorParameters<typeof PrismaPg>[1] = {
  statementNameGenerator: (q) => statementName(q.sql) as string,
};
