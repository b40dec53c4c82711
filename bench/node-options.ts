/**
 * The Node.js options `npm start` gives the server (package.json's start script;
 * tests/bench-floor.test.ts keeps the two the same). A young generation of up to 64 MB a
 * semi-space instead of V8's 16 MB: a request allocates short-lived objects (the request, its
 * headers, the response stream), and a larger nursery lets more of them die before a scavenge
 * copies them. The benchmarks start both this app and the bare app with these options, so a
 * runtime setting never counts as this app's own advantage (docs/performance.md).
 */
export const PRODUCTION_NODE_OPTIONS = '--max-semi-space-size=64';

/** The production options, then any the caller adds (bench:cpu's profiler hook). */
export const withProductionNodeOptions = (extra: string | undefined) =>
  [PRODUCTION_NODE_OPTIONS, extra].filter(Boolean).join(' ');
