import pino from 'pino';

/** Structured JSON logs; every request line carries request_id (and audit_ref). */
export const log = pino({
  level: process.env.MD_LOG_LEVEL ?? 'info',
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
});
