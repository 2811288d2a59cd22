// Which version of the mirror the browser holds, asked before the mirror is opened: a mirror with nothing to upgrade
// is opened without declaring its history (openMirror's `installed`).
import { MIRROR_NAME } from './mirror.ts';

/**
 * The mirror's version in this browser: null when there is no mirror yet, undefined when the browser cannot say
 * (no `indexedDB.databases`, or it failed), and then the mirror declares every version that may have to run.
 */
export async function installedMirrorVersion(
  factory: IDBFactory,
  name = MIRROR_NAME,
): Promise<number | null | undefined> {
  if (typeof factory.databases !== 'function') return undefined;
  try {
    const held = (await factory.databases()).find((database) => database.name === name);
    // Dexie opens version n as IndexedDB's version n x 10.
    return held?.version === undefined ? null : held.version / 10;
  } catch (error) {
    console.warn('Could not list the databases: the mirror declares all its versions', error);
    return undefined;
  }
}
