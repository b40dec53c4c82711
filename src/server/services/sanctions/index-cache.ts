import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';

/**
 * A built index kept on disk between starts of the same build. Indexing the SDN list's 38,000
 * names and aliases costs 0.5-2.5 s of CPU on every start, before the server answers anything
 * (tests and restarts start it over a hundred times a run); reading the result back costs about
 * a quarter of that.
 *
 * The file's name carries a key over the build (the code that built it), Node's version and the
 * bytes of every file the index was built from, so a new build or a replaced list is never
 * answered from an old index. A file that is missing, unreadable or corrupt is built again; a
 * folder that cannot be written (a read-only deployment) only costs the build on each start.
 */
export interface IndexCache {
  /** Where the files live; null keeps nothing (development, or no build to key them on). */
  dir: string | null;
  /** Identifies the code that builds the index (Next's BUILD_ID). */
  buildId: string;
}

/** The app's cache: `.next/cache/md-index` under `root`, keyed by `.next/BUILD_ID` (production only). */
export function appIndexCache(root: string): IndexCache {
  if (process.env.NODE_ENV !== 'production') return { dir: null, buildId: '' };
  try {
    const buildId = readFileSync(path.join(/* turbopackIgnore: true */ root, '.next/BUILD_ID'), 'utf8').trim();
    return { dir: path.join(/* turbopackIgnore: true */ root, '.next/cache/md-index'), buildId };
  } catch {
    return { dir: null, buildId: '' };
  }
}

/** `build()`'s result, read from the cache when `inputs` (file paths) and the build are unchanged. */
export function cachedIndex<T>(cache: IndexCache, name: string, inputs: string[], build: () => T): T {
  if (!cache.dir) return build();
  // Node's version too: the file is V8's serialization format.
  const h = createHash('sha256').update(cache.buildId).update('\0').update(process.version);
  try {
    for (const f of inputs) h.update('\0').update(readFileSync(f));
  } catch {
    return build(); // an input that cannot be read: let the build itself report it
  }
  const file = path.join(cache.dir, `${name}-${h.digest('hex').slice(0, 32)}.v8`);
  try {
    return v8.deserialize(readFileSync(file)) as T;
  } catch {
    // Not there yet, or not readable as an index: build it.
  }
  const value = build();
  try {
    mkdirSync(cache.dir, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, v8.serialize(value));
    renameSync(tmp, file); // whole or not at all, for a process starting beside this one
    for (const old of readdirSync(cache.dir)) {
      if (old.startsWith(`${name}-`) && old.endsWith('.v8') && old !== path.basename(file)) {
        unlinkSync(path.join(cache.dir, old));
      }
    }
  } catch {
    // Read-only or full: the index is still served, only built again next start.
  }
  return value;
}
