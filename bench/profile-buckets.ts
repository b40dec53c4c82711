/**
 * Sorts a V8 CPU profile's samples into buckets (Prisma, pg, Next.js, Node internals, our code,
 * socket syscalls, GC…), for `BENCH_PROFILE=1 tsx bench/write-steps.ts` (in-process) and
 * `BENCH_PROFILE=1 npm run bench:cpu` (the `next start` server under load). Native frames and
 * Node's internals count for the nearest caller outside Node's own code (so a socket write
 * issued by pg counts for pg), except the socket writes themselves and the garbage collector,
 * which are their own rows. Idle samples (waiting for I/O) are left out.
 *
 * Frames in the built app (.next/server chunks) are read through the chunk's source map, so
 * Next.js's own runtime, which Turbopack bundles into those chunks beside our routes, counts
 * as Next.js, and our code (src/) is its own row, instead of one "app bundle" row for both.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Profiler } from 'node:inspector';

const PACKAGES: [string, RegExp][] = [
  ['Prisma (client, query interpreter, adapter)', /node_modules\/@prisma\//],
  ['pg driver (pg, pg-protocol, pg-pool)', /node_modules\/pg/],
  ['zod', /node_modules\/zod\//],
  ['Next.js (server, router, its compiled dependencies)', /node_modules\/next\//],
  ['logging (pino)', /node_modules\/(pino|sonic-boom|thread-stream)/],
  ['other packages', /node_modules\//],
];
const SOCKET_WRITES = new Set(['writev', 'writeBuffer', 'writeUtf8String', 'writeLatin1String']);

const maps = new Map<string, SourceMap | null>();
/** The original file of a frame in a built chunk, or null when the chunk has no source map. */
function originalSource(url: string, line: number, column: number): string | null {
  if (!maps.has(url)) {
    const file = `${url.startsWith('file:') ? fileURLToPath(url) : url}.map`;
    maps.set(url, existsSync(file) ? new SourceMap(JSON.parse(readFileSync(file, 'utf8'))) : null);
  }
  const entry = maps.get(url)?.findEntry(line, column);
  return entry && 'originalSource' in entry ? decodeURIComponent(entry.originalSource) : null;
}

export function profileBuckets(profile: Profiler.Profile): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const NODE = 'Node internals (event loop, streams, web Request/Response, async hooks)';
  const bucketOf = (id: number): string | null => {
    const { functionName: fn, url } = byId.get(id)!.callFrame;
    if (fn === '(idle)') return null;
    if (fn === '(garbage collector)') return 'garbage collection';
    if (SOCKET_WRITES.has(fn)) return 'socket writes (syscalls)';
    if (!url || url.startsWith('node:')) {
      const up = parent.get(id);
      return up === undefined || fn === '(program)' || fn === '(root)' ? NODE : bucketOf(up);
    }
    if (url.includes('cpu-profile-hook')) return 'the profiler itself';
    for (const [name, re] of PACKAGES) if (re.test(url)) return name;
    if (url.includes('/.next/server/')) {
      const { lineNumber, columnNumber } = byId.get(id)!.callFrame;
      const src = originalSource(url, lineNumber, columnNumber);
      if (src === null) return 'the app bundle: Turbopack runtime, unmapped code';
      for (const [name, re] of PACKAGES) if (re.test(src)) return name;
      return /(^|\/)src\//.test(src) ? 'our code (src/)' : 'the app bundle: Turbopack runtime, unmapped code';
    }
    return url.includes('/src/') ? 'our code (src/)' : 'this benchmark';
  };
  const us = new Map<string, number>();
  profile.samples!.forEach((id, i) => {
    const b = bucketOf(id);
    if (b) us.set(b, (us.get(b) ?? 0) + profile.timeDeltas![i]);
  });
  return us;
}
