/**
 * Sorts a V8 CPU profile's samples into buckets (Prisma, pg, Node internals, our code, socket
 * syscalls, GC…) for `BENCH_PROFILE=1 tsx bench/write-steps.ts`. Native frames count for the
 * nearest JavaScript caller, except the socket writes and the garbage collector, which are
 * their own rows. Idle samples (waiting for PostgreSQL) are left out.
 */
import type { Profiler } from 'node:inspector';

const PACKAGES: [string, RegExp][] = [
  ['Prisma (client, query interpreter, adapter)', /node_modules\/@prisma\//],
  ['pg driver (pg, pg-protocol, pg-pool)', /node_modules\/pg/],
  ['zod', /node_modules\/zod\//],
  ['other packages', /node_modules\//],
];
const SOCKET_WRITES = new Set(['writev', 'writeBuffer', 'writeUtf8String', 'writeLatin1String']);

export function profileBuckets(profile: Profiler.Profile): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const bucketOf = (id: number): string | null => {
    const { functionName: fn, url } = byId.get(id)!.callFrame;
    if (fn === '(idle)') return null;
    if (fn === '(garbage collector)') return 'garbage collection';
    if (SOCKET_WRITES.has(fn)) return 'socket writes (syscalls)';
    if (!url) {
      const up = parent.get(id);
      return up === undefined || fn === '(program)' ? 'native (other)' : bucketOf(up);
    }
    for (const [name, re] of PACKAGES) if (re.test(url)) return name;
    if (url.startsWith('node:')) return 'Node internals (web Request/Response, streams, async hooks)';
    return url.includes('/src/') ? 'our code (src/)' : 'this benchmark';
  };
  const us = new Map<string, number>();
  profile.samples!.forEach((id, i) => {
    const b = bucketOf(id);
    if (b) us.set(b, (us.get(b) ?? 0) + profile.timeDeltas![i]);
  });
  return us;
}
