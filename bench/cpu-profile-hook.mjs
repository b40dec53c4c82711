/**
 * Preloaded into the benchmarked `next start` (`BENCH_PROFILE=1 npm run bench:cpu`, through
 * NODE_OPTIONS=--import, since --cpu-prof is not allowed there): SIGUSR2 starts V8's sampling
 * profiler, the next SIGUSR2 stops it and writes the profile to BENCH_PROFILE_OUT, then an
 * empty `<out>.done`, so the benchmark profiles exactly its measured load and nothing else.
 */
import { Session } from 'node:inspector';
import { writeFileSync } from 'node:fs';

const out = process.env.BENCH_PROFILE_OUT;
const session = new Session();
session.connect();
let running = false;
process.on('SIGUSR2', () => {
  if (!running) {
    running = true;
    session.post('Profiler.enable', () =>
      session.post('Profiler.setSamplingInterval', { interval: 200 }, () =>
        session.post('Profiler.start', () => writeFileSync(`${out}.started`, '')),
      ),
    );
    return;
  }
  session.post('Profiler.stop', (err, res) => {
    running = false;
    writeFileSync(out, err ? '' : JSON.stringify(res.profile));
    writeFileSync(`${out}.done`, '');
  });
});
