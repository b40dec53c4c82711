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
 * The whole body, refused with 413 as soon as it passes `max` bytes, counted while streaming so
 * that a lying or missing Content-Length cannot get past it. The rest of the body is then never
 * read, so the connection cannot carry another request: `Connection: close` says so, or a
 * keep-alive client would send its next request into a socket that is being torn down.
 */
export async function readCappedBytes(req: Request, max: number): Promise<Uint8Array<ArrayBuffer>> {
  const tooLarge = () =>
    new ApiError('body_too_large', `Request bodies are limited to ${max} bytes.`, {
      headers: { Connection: 'close' },
    });
  if (Number(req.headers.get('content-length') ?? '0') > max) throw tooLarge();
  if (!req.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}
