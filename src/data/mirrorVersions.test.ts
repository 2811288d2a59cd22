import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { DECLARED_VERSIONS, MIRROR_VERSIONS, openMirror } from './mirror.ts';
import { openAsVersion } from './mirrorAsVersion.ts';
import { installedMirrorVersion } from './installedMirror.ts';

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
      const installed = await installedMirrorVersion(factory);
      expect(installed).toBe(from === 0 ? null : from);
      const current = openMirror({ indexedDB: factory, IDBKeyRange, installed });
      await current.open();
      expect({ from, schema: heldSchema(current.backendDB()) }).toEqual({ from, schema: expected });
      expect(current.verno).toBe(MIRROR_VERSIONS.length);
      current.close();
    }
  });

  it('open a current mirror with its rows, declaring the last version alone', async () => {
    const factory = new IDBFactory();
    const first = openMirror({ indexedDB: factory, IDBKeyRange, installed: null });
    await first.cursors.put({ table: 'threads', txid: 42 });
    first.close();
    const installed = await installedMirrorVersion(factory);
    expect(installed).toBe(MIRROR_VERSIONS.length);
    const again = openMirror({ indexedDB: factory, IDBKeyRange, installed });
    expect(await again.cursors.get('threads')).toMatchObject({ txid: 42 });
    expect(heldSchema(again.backendDB())).toEqual(await schemaOfEveryVersion());
    again.close();
  });

  it('are all declared when the browser cannot say which version it holds', async () => {
    const factory = new IDBFactory();
    Object.defineProperty(factory, 'databases', { value: undefined });
    expect(await installedMirrorVersion(factory)).toBeUndefined();
  });

  it('are all declared when the list of databases does not answer', async () => {
    const factory = new IDBFactory();
    Object.defineProperty(factory, 'databases', { value: () => new Promise(() => undefined) });
    expect(await installedMirrorVersion(factory, { giveUpMs: 0 })).toBeUndefined();
  });
});
