/**
 * Whether an error means "the database cannot be reached or is going away" (→ 503
 * service_unavailable with Retry-After), as opposed to a bug (→ 500). Errors surface from
 * several layers (node-postgres, the Prisma driver adapter, the Prisma client), each with its
 * own shape, so the error and its `cause` chain are checked for:
 * - PostgreSQL SQLSTATEs of class 08 (connection exception), 57P01–57P03 (admin/crash
 *   shutdown, cannot connect now) and 53300 (too many connections);
 * - socket errors (refused, reset, timed out, unreachable);
 * - node-postgres's messages for a connection that broke or could not be had in time;
 * - Prisma's codes for an unreachable server or an exhausted pool (P1001, P1002, P1008,
 *   P1017, P2024).
 */
const SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
const SOCKET = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
const PRISMA = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
const MESSAGE = new RegExp(
  [
    'Connection terminated',
    'Client has encountered a connection error',
    'Client was closed and is not queryable',
    'timeout exceeded when trying to connect',
    'terminating connection due to administrator command',
    'the database system is (starting up|shutting down|in recovery mode)',
    "Can't reach database server",
    'Server has closed the connection',
    'Code: `(08[0-9A-Z]{3}|57P0[123]|53300)`',
    'ECONNREFUSED|ECONNRESET',
  ].join('|'),
  'i',
);

export function isDatabaseUnavailable(e: unknown): boolean {
  for (let cur: unknown = e, depth = 0; cur && depth < 6; depth++) {
    if (typeof cur !== 'object') return MESSAGE.test(String(cur));
    const err = cur as { code?: unknown; message?: unknown; cause?: unknown; originalCode?: unknown };
    for (const code of [err.code, err.originalCode]) {
      if (typeof code === 'string' && (SQLSTATE.test(code) || SOCKET.has(code) || PRISMA.has(code))) return true;
    }
    if (typeof err.message === 'string' && MESSAGE.test(err.message)) return true;
    cur = err.cause;
  }
  return false;
}
