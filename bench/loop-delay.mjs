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
  const text = await (await fetch(metricsUrl)).text();
  const gauge = (name) => {
    const m = new RegExp(`^md_event_loop_delay_${name}_seconds (\\S+)$`, 'm').exec(text);
    return m ? Math.round(Number(m[1]) * 1e5) / 100 : null;
  };
  const [max, own, cpu, p99] = [gauge('max'), gauge('own'), gauge('cpu'), gauge('p99')];
  return max === null || own === null || cpu === null || p99 === null ? null : { max, own, cpu, p99 };
}
