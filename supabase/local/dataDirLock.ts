// One local stack per DATA_DIR: the embedded PGlite has no postmaster to refuse a second server, and two of them
// writing one database folder crashed the second at start ('tuple concurrently updated') while the first went on
// serving from files the second had written to. The lock is proper-lockfile's: a folder beside the data, whose time
// the running stack refreshes, so a stack that crashed lets go of it by itself once it is stale.
import { join } from 'node:path';
import { lock } from 'proper-lockfile';

/** After this long without a refresh the lock is a crashed stack's, and the next start takes it. */
export const LOCK_STALE_MS = 10_000;

/** The lock's folder inside DATA_DIR. */
export const lockPath = (dataDir: string) => join(dataDir, 'server.lock');

/** Why a start was refused: another stack holds the folder. */
export function lockedMessage(dataDir: string): string {
  return (
    `Another local stack is using DATA_DIR ${dataDir} (it holds ${lockPath(dataDir)}). Stop it, or start this ` +
    `one with another DATA_DIR. A stack that stopped without letting go (a crash) frees it after ` +
    `${LOCK_STALE_MS / 1000} s.`
  );
}

/** Takes DATA_DIR for this process; the returned function lets go. Refuses with `lockedMessage` while held. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  try {
    return await lock(dataDir, {
      lockfilePath: lockPath(dataDir),
      stale: LOCK_STALE_MS,
      realpath: false,
      // A refresh that found the lock changed (the machine slept past the stale time and another start took it):
      // said, not thrown, as this process cannot know which of the two is serving.
      onCompromised: (error) => console.warn(`[local stack] the lock on ${dataDir} was lost:`, error.message),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new Error(lockedMessage(dataDir));
    throw error;
  }
}
