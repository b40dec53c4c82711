/**
 * Reads a server's event-loop delay from its /metrics (the md_event_loop_delay_* gauges of
 * src/server/http/event-loop.ts, which every server the bench measures exposes): the worst
 * delay, the worst delay less the server thread's waits for a CPU (`own`: what its own work
 * held the loop), the most CPU the thread used within one delay (`cpu`: the computing part of
 * `own`, without time blocked on I/O or locks) and the 99th percentile, in ms, over the window
 * since the previous read.
 * Reading starts a new window, so read once before what is measured and once after.
 * @param {string} metricsUrl
 * @returns {Promise<{ max: number, own: number, cpu: number, p99: number } | null>} null when the server does not expose them
 */
export async function readLoopDelay(metricsUrl) {
  const g = loopGauges(await (await fetch(metricsUrl)).text(), ['max', 'own', 'cpu', 'p99']);
  if (Object.values(g).some(Number.isNaN)) return null;
  const ms = (/** @type {number} */ s) => Math.round(s * 1e5) / 100;
  return { max: ms(g.max), own: ms(g.own), cpu: ms(g.cpu), p99: ms(g.p99) };
}

/**
 * The named md_event_loop_delay_<name>_seconds gauges of a /metrics text, in seconds; NaN for
 * one that is absent.
 * @param {string} text
 * @param {string[]} names
 * @returns {Record<string, number>}
 */
export function loopGauges(text, names) {
  return Object.fromEntries(
    names.map((name) => {
      const m = new RegExp(`^md_event_loop_delay_${name}_seconds (\\S+)$`, 'm').exec(text);
      return [name, m ? Number(m[1]) : NaN];
    }),
  );
}
