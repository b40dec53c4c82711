/**
 * What a background runner sleeps on between rounds: `sleep(ms)` ends early when something
 * calls `wake()` (a local commit, a NOTIFY, a finished job, a timer) or when the runner stops.
 * A wake that arrives while the runner is working is kept, so the next sleep returns at once and
 * no signal is lost between a round's last query and its sleep.
 */
export function createWaker() {
  let woken = false;
  let stopped = false;
  let kick: (() => void) | null = null;
  return {
    wake() {
      woken = true;
      kick?.();
    },
    /** Called at the start of a round: wakes from now on ask for another round. */
    startRound() {
      woken = false;
    },
    /** Ends the current sleep, and every later one at once. */
    stop() {
      stopped = true;
      kick?.();
    },
    get stopped() {
      return stopped;
    },
    sleep(ms: number) {
      return new Promise<void>((resolve) => {
        if (woken || stopped) return resolve();
        const t = setTimeout(done, ms);
        function done() {
          clearTimeout(t);
          kick = null;
          resolve();
        }
        kick = done;
      });
    },
  };
}
