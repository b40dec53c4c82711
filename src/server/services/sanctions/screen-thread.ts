import type { Worker } from 'node:worker_threads';
import type { Datasets, ScreenMatch, ScreenResult, Subjects } from '../../domain/sanctions/screen';
import { ApiError } from '../../errors';
import { startWorkerThread } from '../../jobs/worker-thread';

/**
 * Sanctions screening on a thread of its own (screen-worker.ts), which holds the SDN names
 * index, so that no screen, however many names it carries, holds the request loop. It also takes
 * the index, about 70 MB of small objects, off the request thread's heap, where every full
 * garbage collection marked it: a server that never loaded it spent 1.10 instead of 1.33 ms of
 * CPU on a /healthz request (docs/performance.md, which also says what is not yet confirmed).
 *
 * One thread per process, started at server start (instrumentation), answering one request at a
 * time in order. Lists that fail to load, a screen the thread has worked on for SCREEN_BUDGET_MS
 * without answering, or a thread that dies fail every waiting request with 503
 * `service_unavailable`, and the next request starts a new thread: a stuck screen never stays
 * stuck, and restored files are read.
 */
const SCREEN_BUDGET_MS = 30_000;

/** What the thread is asked; `id` pairs each request with its reply. */
type Ask =
  { op: 'subjects'; subjects: Subjects; today: string } | { op: 'judgment'; debtor: string; wallets: string[] };
export type ScreenRequest = Ask & { id: number };
export type ScreenReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; message: string };
/** The thread's first message: its lists loaded (with what took how long) or why not. */
export type ScreenStart =
  { loaded: true; ms: number; entries: number; as_of: string | null } | { loaded: false; message: string };

/** A judgment's debtor against the names, its wallets against the addresses (in order). */
export interface JudgmentScreen {
  debtor: ScreenMatch[];
  wallets: ScreenMatch[][];
  datasets: Datasets;
}

interface Waiting {
  resolve(value: unknown): void;
  reject(e: Error): void;
}

class ScreenThread {
  readonly started: Promise<ScreenStart>;
  private readonly worker: Worker;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  private budget: NodeJS.Timeout | null = null;
  private ended = false;
  private reportStart!: (s: ScreenStart) => void;

  constructor() {
    this.started = new Promise((resolve) => (this.reportStart = resolve));
    this.worker = startWorkerThread('sanctions-screen', 'src/server/services/sanctions/screen-worker.ts', {
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
    // Kept alive only while a request waits: an idle thread never holds a process open.
    this.worker.unref();
    this.worker.on('message', (m: ScreenStart | ScreenReply) => {
      if ('loaded' in m) {
        this.reportStart(m);
        // Lists that did not load: the next screen tries again on a new thread.
        if (!m.loaded) this.end(m.message);
        return;
      }
      const w = this.waiting.get(m.id);
      if (!w) return;
      this.forget(m.id);
      if (m.ok) w.resolve(m.result);
      else w.reject(unavailable(m.message));
    });
    this.worker.on('error', (e) => this.end(e.message));
    this.worker.on('exit', (code) => this.end(`the screening thread exited with code ${code}`));
  }

  ask<T>(req: Ask): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      if (this.waiting.size === 1) this.rearmBudget();
      this.worker.ref();
      this.worker.postMessage({ ...req, id });
    });
  }

  /** The budget runs for the oldest waiting request, the one the thread is on (requests queued
   *  behind a long screen are not charged for it); with none waiting, it stops. */
  private rearmBudget() {
    if (this.budget) clearTimeout(this.budget);
    this.budget = this.waiting.size
      ? setTimeout(() => this.end(`a screen had no answer within ${SCREEN_BUDGET_MS} ms`), SCREEN_BUDGET_MS)
      : null;
  }

  private forget(id: number) {
    this.waiting.delete(id);
    this.rearmBudget();
    if (this.waiting.size === 0) this.worker.unref();
  }

  /** Fails everything waiting and lets the next request start a new thread. */
  private end(message: string) {
    if (this.ended) return;
    this.ended = true;
    if (g.__mdScreenThread === this) g.__mdScreenThread = undefined;
    this.reportStart({ loaded: false, message });
    const failed = [...this.waiting.values()];
    this.waiting.clear();
    this.rearmBudget();
    for (const w of failed) w.reject(unavailable(message));
    void this.worker.terminate();
  }
}

const unavailable = (message: string) =>
  new ApiError('service_unavailable', `Sanctions screening is unavailable: ${message}`);

// On globalThis: Next bundles instrumentation and each route handler separately, and all must
// share the one thread the server started.
const g = globalThis as typeof globalThis & { __mdScreenThread?: ScreenThread };
const thread = () => (g.__mdScreenThread ??= new ScreenThread());

/** Starts the thread (server start) and tells when its lists are loaded, or why they are not. */
export const startScreening = (): Promise<ScreenStart> => thread().started;

/** Every subject of a screen (domain screenSubjects), off the request thread. */
export const screenOffThread = (subjects: Subjects, today: string) =>
  thread().ask<ScreenResult>({ op: 'subjects', subjects, today });

/** A judgment's debtor name and wallets (judgments/sanctions-screen.ts), off the request thread. */
export const screenJudgmentOffThread = (debtor: string, wallets: string[]) =>
  thread().ask<JudgmentScreen>({ op: 'judgment', debtor, wallets });
