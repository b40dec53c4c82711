/**
 * In-process wake-up of the webhook dispatcher. The REST wrapper calls notifyOutbox() after a
 * transaction that changed state has committed, so the dispatcher picks its events up at once
 * instead of at the next poll. Polling stays the durable fallback (other processes, crashes).
 *
 * Kept on globalThis: Next bundles instrumentation and route handlers separately, and both must
 * reach the same listeners.
 */
type Listener = () => void;
const g = globalThis as typeof globalThis & { __mdOutboxListeners?: Set<Listener> };
const listeners = (g.__mdOutboxListeners ??= new Set());

export function notifyOutbox(): void {
  for (const l of listeners) l();
}

/** Registers a listener; returns its removal. */
export function onOutbox(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
