/**
 * The load generator, run as its own process by bench/harness.ts so that it never shares an
 * event loop with the benchmark's bookkeeping. Reads one LoadSpec (JSON) from stdin (a spec may list thousands of paths), runs
 * autocannon against it, prints one JSON line:
 * { rps, p50, p99, ok, non2xx, errors, duration, loop: { max, own, p99 } | null }.
 * `uniqueIdempotencyKey` gives every request its own Idempotency-Key (run prefix + counter);
 * `cyclePaths` sends each request to the next of its paths.
 * `loop`: the server's event-loop delay (ms) over the measured load alone: its /metrics
 * (`metricsUrl`, default origin + /metrics) is read once after the warm-up, which starts a new
 * window, and once at the end.
 */
import autocannon from 'autocannon';
import { readLoopDelay } from './loop-delay.mjs';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const spec = JSON.parse(input);
let n = 0;
const run = `${process.pid.toString(36)}${Date.now().toString(36)}`;
const request = {
  method: spec.method ?? 'GET',
  path: spec.path,
  headers: spec.headers ?? {},
  ...(spec.body === undefined ? {} : { body: spec.body }),
};
let turn = 0;
const paths = spec.cyclePaths;
if (spec.uniqueIdempotencyKey || paths) {
  request.setupRequest = (req) => ({
    ...req,
    ...(paths ? { path: paths[turn++ % paths.length] } : {}),
    ...(spec.uniqueIdempotencyKey ? { headers: { ...req.headers, 'Idempotency-Key': `bench-${run}-${n++}` } } : {}),
  });
}
const load = (seconds) =>
  autocannon({ url: spec.origin, connections: spec.connections, duration: seconds, requests: [request] });
const metricsUrl = spec.metricsUrl === undefined ? `${spec.origin}/metrics` : spec.metricsUrl;
const loopDelay = () => (metricsUrl ? readLoopDelay(metricsUrl) : null);

if (spec.warmupSeconds > 0) await load(spec.warmupSeconds);
await loopDelay();
const result = await load(spec.seconds);
const loop = await loopDelay();
process.stdout.write(
  JSON.stringify({
    rps: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    duration: result.duration,
    loop,
  }) + '\n',
);
