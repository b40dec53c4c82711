import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { refusedClass, type EgressPolicy } from '../domain/egress-address';
import { DELIVERY_ERRORS, deliveryErrorText } from '../domain/webhook-delivery-error';
import { log } from '../log';
import { pinnedLookup } from '../services/webhooks/egress';
import { DELIVERY_TIMEOUT_MS } from './webhook-config';

export interface SendResult {
  status: number | null;
  durationMs: number;
  error: string | null;
}

// Keep-alive pools: sockets are reused only for the host they were opened (and checked) for.
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * POSTs one signed payload. The host is resolved and checked by the pinned lookup (an IP
 * literal is checked here, since sockets skip lookup for literals). Redirects are not followed.
 * The whole exchange, response included, must finish within 15 s. Never throws; a failure is
 * reported as one of the generic DELIVERY_ERRORS.
 */
export async function sendWebhook(
  urlText: string,
  body: string,
  headers: Record<string, string>,
  policy: EgressPolicy,
  connectTimeoutMs = DELIVERY_TIMEOUT_MS,
): Promise<SendResult> {
  const started = performance.now();
  const done = (status: number | null, error: string | null): SendResult => ({
    status,
    error,
    durationMs: Math.round(performance.now() - started),
  });
  const url = new URL(urlText);
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal)) {
    // Names are checked inside the socket's pinned lookup; sockets never look up a literal.
    if (refusedClass(literal, policy)) return done(null, DELIVERY_ERRORS.refused);
  }
  const mod = url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (r: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const req = mod.request(
      url,
      {
        method: 'POST',
        agent: agents[url.protocol as 'http:' | 'https:'],
        lookup: pinnedLookup(policy) as never,
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'MD-Webhooks/1.0',
          'Content-Length': String(Buffer.byteLength(body)),
          ...headers,
        },
      },
      (res) => {
        let seen = 0;
        res.on('data', (chunk: Buffer) => {
          seen += chunk.length;
          if (seen > MAX_RESPONSE_BYTES) res.destroy(); // the body is not needed; don't buffer it
        });
        const end = () => finish(done(res.statusCode ?? null, null));
        res.on('end', end);
        res.on('close', end);
        res.on('error', end);
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error(`timed out after ${DELIVERY_TIMEOUT_MS} ms`));
    }, DELIVERY_TIMEOUT_MS);
    // A host that never completes the TCP (or TLS) handshake is given up on early, so a dead
    // endpoint frees its slot long before the 15 s answer deadline.
    req.on('socket', (socket) => {
      if (!socket.connecting) return;
      const connectTimer = setTimeout(
        () => req.destroy(new Error(`connect timed out after ${connectTimeoutMs} ms`)),
        connectTimeoutMs,
      );
      socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => clearTimeout(connectTimer));
      socket.once('close', () => clearTimeout(connectTimer));
    });
    req.on('error', (e) => {
      // The tenant sees a generic text; the socket's own message stays in the server's log.
      log.info({ host: url.host, err: e.message.slice(0, 300) }, 'webhook attempt failed');
      finish(done(null, deliveryErrorText(e)));
    });
    req.end(body);
  });
}
