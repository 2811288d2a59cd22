// For the mirror's migration tests: the mirror as an older app version opened it, every version declared.
import { Dexie } from 'dexie';
import { IDBKeyRange, type IDBFactory } from 'fake-indexeddb';
import { MIRROR_NAME, MIRROR_VERSIONS } from './mirror.ts';

/** Opens the mirror as an older app version would have: only the first `versions` schema steps. */
export function openAsVersion(factory: IDBFactory, versions: number) {
  const db = new Dexie(MIRROR_NAME, { indexedDB: factory, IDBKeyRange });
  MIRROR_VERSIONS.slice(0, versions).forEach((stores, i) => db.version(i + 1).stores(stores));
  return db;
}
