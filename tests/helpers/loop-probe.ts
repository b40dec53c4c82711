/**
 * Probes `GET /healthz` (no database, no auth) back to back while a heavy request runs, to
 * show that the request does not hold the server's event loop: the slowest probe is the
 * longest stall a concurrent caller saw.
 */
export async function whileProbing<T>(baseUrl: string, work: () => Promise<T>) {
  // Warm: the first request to a route loads its module, which is not what is measured.
  await (await fetch(`${baseUrl}/healthz`)).text();
  let done = false;
  const probes: number[] = [];
  const probing = (async () => {
    while (!done) {
      const t = performance.now();
      const r = await fetch(`${baseUrl}/healthz`);
      await r.text();
      probes.push(performance.now() - t);
      await new Promise((res) => setTimeout(res, 10));
    }
  })();
  const t0 = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - t0, probes, maxProbeMs: Math.max(0, ...probes) };
  } finally {
    done = true;
    await probing;
  }
}
