import type { Tx } from '../context';
import { afterCommit } from '../db/transaction';

/**
 * In-process wake-up of the background runners. A transaction that gives a runner something
 * to do says so (`wakeOnCommit`), and once it has committed, that runner looks at once instead
 * of at its next poll. A commit wakes only the runners it concerns: an ordinary write (an
 * outbox event) wakes the webhook dispatcher, not the export runner or the monitoring scanner.
 * Polling stays the durable fallback (other processes, crashes).
 *
 * Kept on globalThis: Next bundles instrumentation and route handlers separately, and both must
 * reach the same listeners.
 */
export type Work = 'webhooks' | 'exports' | 'monitor';
export const WORK: readonly Work[] = ['webhooks', 'exports', 'monitor'];

type Listener = () => void;
const g = globalThis as typeof globalThis & { __mdWorkListeners?: Map<Work, Set<Listener>> };
const listeners = (g.__mdWorkListeners ??= new Map(WORK.map((w) => [w, new Set<Listener>()])));

/** Wakes this process's listeners for `work` now (the caller's change has committed). */
export function signalWork(work: Work): void {
  for (const l of listeners.get(work)!) l();
}

/** Registers a listener for `work`; returns its removal. */
export function onWork(work: Work, listener: Listener): () => void {
  listeners.get(work)!.add(listener);
  return () => listeners.get(work)!.delete(listener);
}

// One function per kind, so a transaction that asks several times is signalled once.
const signals = Object.fromEntries(WORK.map((w) => [w, () => signalWork(w)])) as Record<Work, () => void>;

/**
 * Wakes the runners of `work` once `tx` has committed (never when it rolls back). Only for
 * transactions opened by `transaction()`, the requests' own; a runner that commits work for
 * another runner in its own transaction calls `signalWork` after it.
 */
export function wakeOnCommit(tx: Tx, work: Work): void {
  afterCommit(tx, signals[work]);
}
