import type { Matter } from '@/generated/prisma/client';
import type { Tx } from '../../context';
import { afterCommit } from '../../db/transaction';
import { notifyCache } from '../../db/notify-cache';
import type { GrantLike } from './authority-status';

/**
 * The hot read of `GET /v1/matters/{id}` kept per process (db/notify-cache.ts): the matter's
 * row, its authority grants and whether any screen of it found a match, by matter id. What is
 * worked out from them at the time of the request (the authority status, the sanctions pause)
 * is still worked out per request. Cross-process invalidation: triggers on matters,
 * authority_grants and sanctions_screens NOTIFY `md_matter` with the matter's id at commit
 * (migration `matter_cache_notify`), including changes made straight in SQL. The process that
 * commits a change drops the entry as it commits (`matterChanged`), so its own next read sees it.
 */
export interface MatterRead {
  matter: Matter;
  grants: GrantLike[];
  screened: boolean;
}

const cache = notifyCache<MatterRead>('matters', {
  channel: 'md_matter', // the triggers' channel (migration matter_cache_notify)
  max: Number(process.env.MD_MATTER_CACHE_SIZE ?? 10_000),
  ttlMs: Number(process.env.MD_MATTER_CACHE_TTL_MS ?? 5_000),
  // The payload is the matter's id; an empty one (never sent by the triggers) drops everything.
  onNotify: (id, c) => c.drop(id || undefined),
});

export const cachedMatter = (id: string): MatterRead | null => cache.get(id);
export const matterCacheGeneration = () => cache.generation();

/** Stores a read made under `generation`, frozen: every request shares it, none may change it. */
export function storeMatter(id: string, read: MatterRead, generation: number): void {
  cache.store(id, deepFreeze(read), generation);
}

/** Drops the matter's entry in this process once `tx` commits (other processes hear the NOTIFY). */
export function matterChanged(tx: Tx, id: string): void {
  afterCommit(tx, () => cache.drop(id));
}

function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}
