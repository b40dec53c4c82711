import { ApiError } from '../errors';
import { config } from '../config';
import { checkLimits } from './validate';
import { inexactNumberPath } from './json-numbers';

export interface ParsedBody {
  value: unknown;
  /** Raw text, for the idempotency fingerprint when the body is not valid JSON. */
  text: string;
}

/** Reads a request body: JSON only, at most 1 MiB, strict UTF-8. An empty body reads as `{}`. */
export async function readJsonBody(req: Request): Promise<ParsedBody> {
  const text = decodeUtf8(await readCappedBytes(req, config.maxBodyBytes));
  if (text.trim() === '') return { value: {}, text };
  const type = req.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type.trim())) {
    throw new ApiError('unsupported_media_type', 'Request bodies must be JSON (Content-Type: application/json).');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError('invalid_json', 'The request body is not valid JSON.');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ApiError('invalid_json', 'The request body must be a JSON object.');
  }
  checkLimits(value);
  // A number the double cannot hold exactly would be stored altered: refuse it.
  const inexact = inexactNumberPath(text);
  if (inexact !== null) {
    throw new ApiError(
      'parameter_invalid',
      'This number has more digits than a JSON number keeps exactly; send it as a decimal string (e.g. "12345678901234567.89").',
      { param: inexact || undefined },
    );
  }
  return { value, text };
}

/**
 * JSON is UTF-8 (RFC 8259 §8.1). A lenient decoder would turn invalid bytes into U+FFFD and
 * store text the client never sent, so malformed UTF-8 is refused before parsing.
 */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new ApiError('invalid_json', 'The request body is not valid UTF-8.');
  }
}

/**
 * How much of an oversized body is still read (and thrown away) before the 413, and for how long.
 * Answering while the client is still sending, then closing, makes the kernel reset the
 * connection, and a reset can destroy the 413 before the client reads it (the client sees a
 * socket error, not the answer: nginx's "lingering close" problem). So a body that ends within
 * this allowance is read to its end and answered on a connection that stays open. Past it, the
 * sender is not behaving: the 413 goes out with `Connection: close` at once.
 */
const DRAIN_BYTES = 4 * 1024 * 1024;
const DRAIN_MS = 5_000;

/**
 * The whole body, refused with 413 as soon as it passes `max` bytes, counted while streaming so
 * that a lying or missing Content-Length cannot get past it.
 */
export async function readCappedBytes(req: Request, max: number): Promise<Uint8Array<ArrayBuffer>> {
  const tooLarge = (drained: boolean) =>
    new ApiError('body_too_large', `Request bodies are limited to ${max} bytes.`, {
      // An undrained body leaves the connection mid-request: it cannot carry another one, and a
      // keep-alive client would send its next request into a socket that is being torn down.
      headers: drained ? undefined : { Connection: 'close' },
    });
  if (Number(req.headers.get('content-length') ?? '0') > max + DRAIN_BYTES) throw tooLarge(false);
  if (!req.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) throw tooLarge(await drain(reader, max + DRAIN_BYTES - size));
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** Reads and discards the rest of a body; false (and the stream cancelled) past `budget` bytes or DRAIN_MS. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, budget: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(resolve, DRAIN_MS, 'timeout')));
  try {
    while (budget >= 0) {
      const r = await Promise.race([reader.read(), timeout]);
      if (r === 'timeout') break;
      if (r.done) return true;
      budget -= r.value.byteLength;
    }
    await reader.cancel().catch(() => {});
    return false;
  } finally {
    clearTimeout(timer);
  }
}
