// Which version of the mirror the browser holds, asked before the mirror is opened: a mirror with nothing to upgrade
// is opened without declaring its history (openMirror's `installed`).
import { withTimeout } from '../lib/withTimeout.ts';
import { MIRROR_NAME } from './mirrorName.ts';

/** A browser whose list of databases never answers (some have had that bug) still starts its app after this. */
const GIVE_UP_MS = 1000;

/**
 * The mirror's version in this browser: null when there is no mirror yet, undefined when the browser cannot say
 * (no `indexedDB.databases`, it failed, or it did not answer in time), and then the mirror declares every version
 * that may have to run.
 */
export async function installedMirrorVersion(
  factory: IDBFactory,
  { name = MIRROR_NAME, giveUpMs = GIVE_UP_MS } = {},
): Promise<number | null | undefined> {
  if (typeof factory.databases !== 'function') return undefined;
  try {
    const listed = await withTimeout(factory.databases(), giveUpMs, () => undefined);
    if (!listed) return undefined;
    const held = listed.find((database) => database.name === name);
    // Dexie opens version n as IndexedDB's version n x 10.
    return held?.version === undefined ? null : held.version / 10;
  } catch (error) {
    console.warn('Could not list the databases: the mirror declares all its versions', error);
    return undefined;
  }
}
