import pino from 'pino';

/**
 * Structured JSON logs; every request line carries request_id (and audit_ref).
 * Written through pino's asynchronous destination: a request never waits for stdout. With
 * MD_LOG_BUFFER_BYTES at 0 (the default) a line is written at once, and lines logged while a
 * write is in flight go out together in the next; above 0, lines are buffered up to that many
 * bytes. Flushed on exit; a crash of the process itself may lose what is buffered.
 */
export const log = pino(
  {
    level: process.env.MD_LOG_LEVEL ?? 'info',
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
  },
  pino.destination({ dest: 1, sync: false, minLength: Number(process.env.MD_LOG_BUFFER_BYTES ?? 0) }),
);
