/**
 * What a failed webhook attempt reports in its delivery log (GET …/deliveries). A socket's own
 * message ("connect ECONNREFUSED 10.0.0.5:5432", "socket hang up", a resolver's answer) tells
 * the tenant which of the host's addresses and ports answer, so the log carries one of a few
 * generic texts instead; the raw message goes to the server's own log only.
 */
export const DELIVERY_ERRORS = {
  refused: "the endpoint's address is not one webhooks may reach",
  dns: "the endpoint's host could not be resolved",
  tls: 'the TLS handshake with the endpoint failed',
  connection: 'the connection to the endpoint failed',
  timeout: 'the endpoint did not answer in time',
  internal: 'the attempt could not be made',
} as const;

export type DeliveryErrorKind = keyof typeof DELIVERY_ERRORS;

const TLS_CODE = /^(ERR_TLS|ERR_SSL|ERR_OSSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|HOSTNAME_MISMATCH)/;
const DNS_CODE = /^(ENOTFOUND|EAI_AGAIN|EAI_FAIL|EAI_NODATA|EAI_NONAME|ENODATA)$/;

/** The kind of a send failure, from the error's name, code and (for our own timers) message. */
export function deliveryErrorKind(e: { name?: string; code?: unknown; message?: string }): DeliveryErrorKind {
  const code = typeof e.code === 'string' ? e.code : '';
  const message = e.message ?? '';
  if (e.name === 'EgressRefused') return 'refused';
  if (DNS_CODE.test(code) || /^DNS lookup .* timed out$/.test(message)) return 'dns';
  if (TLS_CODE.test(code)) return 'tls';
  if (/^timed out after \d+ ms$/.test(message)) return 'timeout';
  if (code.startsWith('E') || /^connect timed out after/.test(message) || message === 'socket hang up')
    return 'connection';
  return 'internal';
}

export const deliveryErrorText = (e: { name?: string; code?: unknown; message?: string }) =>
  DELIVERY_ERRORS[deliveryErrorKind(e)];
