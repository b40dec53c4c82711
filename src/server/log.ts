import pino from 'pino';

/**
 * Structured JSON logs; every request line carries request_id (and audit_ref).
 * Written through pino's asynchronous destination: a request never waits for stdout. Lines
 * are buffered up to MD_LOG_BUFFER_BYTES (default 0: written on the next tick) and flushed
 * on exit; a crash of the process itself may lose the last buffer.
 */
export const log = pino(
  {
    level: process.env.MD_LOG_LEVEL ?? 'info',
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
  },
  pino.destination({ dest: 1, sync: false, minLength: Number(process.env.MD_LOG_BUFFER_BYTES ?? 0) }),
);
