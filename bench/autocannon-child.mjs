/**
 * The load generator, run as its own process by bench/harness.ts so that it never shares an
 * event loop with the benchmark's bookkeeping. Reads one LoadSpec (JSON) from argv[2], runs
 * autocannon against it, prints one JSON line: { rps, p50, p99, ok, non2xx, errors, duration }.
 * `uniqueIdempotencyKey` gives every request its own Idempotency-Key (run prefix + counter).
 */
import autocannon from 'autocannon';

const spec = JSON.parse(process.argv[2]);
let n = 0;
const run = `${process.pid.toString(36)}${Date.now().toString(36)}`;
const request = {
  method: spec.method ?? 'GET',
  path: spec.path,
  headers: spec.headers ?? {},
  ...(spec.body === undefined ? {} : { body: spec.body }),
};
if (spec.uniqueIdempotencyKey) {
  request.setupRequest = (req) => ({ ...req, headers: { ...req.headers, 'Idempotency-Key': `bench-${run}-${n++}` } });
}
const result = await autocannon({
  url: spec.origin,
  connections: spec.connections,
  duration: spec.seconds,
  warmup: { connections: spec.connections, duration: spec.warmupSeconds },
  requests: [request],
});
process.stdout.write(
  JSON.stringify({
    rps: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    duration: result.duration,
  }) + '\n',
);
