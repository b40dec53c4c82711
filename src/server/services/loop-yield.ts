/**
 * Lets other requests in during long work. Embedded PGlite answers a query by running it in
 * WebAssembly on this thread and resolving a promise: a loop of awaited queries then never
 * reaches the event loop's I/O phase, so a 1,000-wallet asset map would hold every other
 * request (even `/healthz`) for its whole length. `await pause()` in such a loop steps out to
 * the event loop (setImmediate) once `budgetMs` has passed since the last step, which costs
 * nothing in a short request and bounds how long any other request waits behind a long one.
 * The budget is small because a waiting request needs several turns of the loop to finish.
 */
export function loopYield(budgetMs = 5) {
  let since = performance.now();
  return async function pause() {
    if (performance.now() - since < budgetMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}
