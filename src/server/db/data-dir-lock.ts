/**
 * An exclusive lock on a PGlite data folder. PGlite has no lock of its own: two processes that
 * open the same folder both write its files and corrupt it. The lock is a file created with
 * O_EXCL holding the owner's pid; a file left by a process that is gone (kill -9, crash) is
 * taken over, and a live owner makes the second process fail at start with a clear message.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'md-data-dir.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `The embedded database folder ${dataDir} is in use by process ${ownerPid}. A PGlite folder can be opened by ` +
        'one process at a time: stop that process, use another MD_DATA_DIR, or set DATABASE_URL to share PostgreSQL.',
    );
    this.name = 'DataDirLockedError';
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Takes the folder's lock for this process; returns its release. Throws DataDirLockedError. */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const owner = Number(readFileSync(file, 'utf8').trim());
      const live = Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner);
      if (live || attempt > 0) throw new DataDirLockedError(dataDir, owner);
      // Stale: its owner is gone. Remove it and try once more (a racing process may win: EEXIST).
      rmSync(file, { force: true });
    }
  }
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
    } catch {
      /* already gone */
    }
  };
  process.once('exit', release);
  return release;
}
