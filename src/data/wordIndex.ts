// The mirror's word index as the mirror opens it: which stores are indexed, and a middleware that gives each write to
// them its postings in the same transaction. The code that splits words and merges postings (wordIndexWrites.ts)
// loads with the first write rather than with the first screen, or ahead of it (splitsWords): a write made before
// it has loaded still adds a segment, one that lists its rows' ids unsplit (postingsStores.ts). A search takes those
// rows as candidates of every term and checks their text, and their merge reads the text to split it.
import type { DBCore, DBCoreAddRequest, DBCorePutRequest, DBCoreTable, Middleware } from 'dexie';
import {
  encodeSegment,
  newWriteName,
  POSTINGS_STORE,
  segmentKey,
  SEGMENTS_STORE,
  UNSPLIT,
  WRITES_STORE,
} from './postingsStores.ts';
import { isIndexed, type IndexedStore } from './syncedTables.ts';

type WritesCode = typeof import('./wordIndexWrites.ts');

let writesCode: WritesCode | undefined;
let loading: Promise<WritesCode> | undefined;

/** Loads the code of the word index's writes: every write made once it resolves splits its words. */
function loadWordIndex(): Promise<WritesCode> {
  loading ??= import('./wordIndexWrites.ts').then(
    (code) => (writesCode = code),
    (error: unknown) => {
      // Tried again by the next write.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Resolves once the writes split their words, or once the code that splits them did not load: the writes then add
 * unsplit segments, and the next one tries again.
 */
export function splitsWords(): Promise<void> {
  return loadWordIndex().then(
    () => undefined,
    (error: unknown) => console.warn('The word index code did not load: writes keep their words unsplit', error),
  );
}

/** Adds the ids a put or add wrote as a segment of their own, unsplit, and starts loading the code that splits. */
async function mutateUnsplit(table: IndexedStore, down: DBCore, req: DBCorePutRequest | DBCoreAddRequest) {
  void splitsWords();
  const ids = (req.values as { id: string }[]).map((row) => row.id);
  if (ids.length === 0) return down.table(table).mutate(req);
  const [written, segment] = await Promise.all([
    down.table(table).mutate(req),
    down.table(SEGMENTS_STORE).mutate({
      type: 'put',
      trans: req.trans,
      keys: [segmentKey(table, newWriteName(), ids.length)],
      values: [encodeSegment(ids, UNSPLIT)],
    }),
  ]);
  if (segment.numFailures > 0) throw Object.values(segment.failures)[0];
  return written;
}

/** Whether a request's transaction is a mirror upgrade's: those put rows back as they were, or build the postings. */
const upgrading = (req: { trans: unknown }) => (req.trans as Partial<IDBTransaction>).mode === 'versionchange';

export const wordIndexMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'WordIndex',
  // Above Dexie's own layers (level 0 and below), so live queries see the postings each write adds.
  level: 10,
  create: (down) => {
    const indexed = new Map<IndexedStore, DBCoreTable>();
    const loaded = (name: IndexedStore) => {
      if (!writesCode) return undefined;
      let table = indexed.get(name);
      if (!table) indexed.set(name, (table = writesCode.indexedTable(name, down.table(name), (s) => down.table(s))));
      return table;
    };
    return {
      ...down,
      // A write to an indexed store writes its postings too: every such transaction holds them.
      transaction: (stores, mode, options) => {
        const postings = stores.filter(isIndexed).map((store) => POSTINGS_STORE[store]);
        const widened =
          mode === 'readwrite' && postings.length > 0
            ? [...new Set([...stores, ...postings, WRITES_STORE, SEGMENTS_STORE])]
            : stores;
        return down.transaction(widened, mode, options);
      },
      table: (name) => {
        const table = down.table(name);
        if (!isIndexed(name)) return table;
        const now = (req: { trans: unknown }) => (upgrading(req) ? table : (loaded(name) ?? table));
        return {
          ...table,
          get: (req) => now(req).get(req),
          getMany: (req) => now(req).getMany(req),
          query: (req) => now(req).query(req),
          mutate: (req) => {
            const writes = loaded(name);
            if (writes && !upgrading(req)) return writes.mutate(req);
            if (upgrading(req) || (req.type !== 'add' && req.type !== 'put')) return table.mutate(req);
            return mutateUnsplit(name, down, req);
          },
        };
      },
    };
  },
};
