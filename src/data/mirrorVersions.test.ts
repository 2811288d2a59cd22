import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { DECLARED_VERSIONS, MIRROR_VERSIONS, openMirror } from './mirror.ts';
import { openAsVersion } from './mirrorAsVersion.ts';

/** The stores and indexes an opened database holds, as IndexedDB has them. */
function heldSchema(db: IDBDatabase) {
  const names = [...db.objectStoreNames].sort();
  const tx = db.transaction(names, 'readonly');
  return names.map((name) => {
    const store = tx.objectStore(name);
    const indexes = [...store.indexNames].sort().map((index) => {
      const { keyPath, unique, multiEntry } = store.index(index);
      return { index, keyPath, unique, multiEntry };
    });
    return { name, keyPath: store.keyPath, autoIncrement: store.autoIncrement, indexes };
  });
}

async function schemaOfEveryVersion() {
  const db = openAsVersion(new IDBFactory(), MIRROR_VERSIONS.length);
  await db.open();
  const schema = heldSchema(db.backendDB());
  db.close();
  return schema;
}

describe('the versions a mirror declares', () => {
  it('are fewer than its versions: those with an upgrade, and the last', () => {
    const numbers = DECLARED_VERSIONS.map(([number]) => number);
    expect(numbers.length).toBeLessThan(MIRROR_VERSIONS.length);
    expect(numbers.at(-1)).toBe(MIRROR_VERSIONS.length);
  });

  it('give a new mirror, and one upgraded from every older version, the stores and indexes of all versions', async () => {
    const expected = await schemaOfEveryVersion();
    expect(expected.map((store) => store.name)).toContain('slugAliases');
    for (let from = 0; from < MIRROR_VERSIONS.length; from++) {
      const factory = new IDBFactory();
      if (from > 0) {
        const old = openAsVersion(factory, from);
        await old.open();
        old.close();
      }
      const current = openMirror({ indexedDB: factory, IDBKeyRange });
      await current.open();
      expect({ from, schema: heldSchema(current.backendDB()) }).toEqual({ from, schema: expected });
      expect(current.verno).toBe(MIRROR_VERSIONS.length);
      current.close();
    }
  });
});
