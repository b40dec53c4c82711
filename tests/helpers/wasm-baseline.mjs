/**
 * Loaded into test servers by startServer (NODE_OPTIONS `--import`) when the test runner asks
 * for it (MD_TEST_WASM_BASELINE=1, set by scripts/test-api.ts), never into the app itself:
 * WebAssembly runs on V8's baseline compiler (Liftoff) only.
 *
 * Why: a test server lives seconds to a minute, and V8 spends that time optimising the hot
 * functions of PGlite's PostgreSQL and Prisma's query compiler (both WebAssembly) on its
 * background threads. Measured on the 2-core machine (2026-12-07, scratch run of every
 * operation's fixture and call, 414 requests on one server): the server used 21.2-26.7 s of CPU
 * with the optimiser and 17.9-21.2 s without it on PGlite, 12.8-14.3 s against 11.0-11.2 s on
 * PostgreSQL, and finished as fast or faster. CI's passes are CPU-bound, so that is time saved.
 * The benchmarks and `npm start` keep V8's defaults: a long-lived server gains from them.
 */
import v8 from 'node:v8';

v8.setFlagsFromString('--liftoff-only');
