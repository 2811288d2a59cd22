// What the database must hold for each synced table the app declares (src/data/syncedTables.ts), read from its
// catalog: the triggers that stamp sync_txid, write tombstones and poke the declared topic, and the columns the pull
// reads (src/data/columns.ts). Each missing part is one line, so a test shows exactly what a migration left out.
import { PULLED_COLUMNS } from '../../../src/data/columns.ts';
import { SYNCED_TABLES, type SyncedTableSpec } from '../../../src/data/syncedTables.ts';
import type { Queryable } from '../../../supabase/local/db.ts';

// pg_trigger.tgtype's bits.
const ROW = 1;
const BEFORE = 2;
const INSERT = 4;
const DELETE = 8;
const UPDATE = 16;

/** A synced table as the app declares it: its entry, and the columns its pull reads. */
export interface DeclaredTable extends SyncedTableSpec {
  readonly columns: string;
}

/** Every synced table the app declares, with its pulled columns. */
export const DECLARED_TABLES: readonly DeclaredTable[] = SYNCED_TABLES.map((t) => ({
  ...t,
  columns: PULLED_COLUMNS[t.name],
}));

interface Part {
  what: string;
  fn: string;
  type: number;
}

/** The triggers a synced table needs: by function, timing, level and the events they fire on (at least). */
function partsOf(table: SyncedTableSpec): Part[] {
  const parts: Part[] = [{ what: 'sync_txid trigger', fn: 'set_sync_txid', type: BEFORE | ROW | INSERT | UPDATE }];
  if (table.tombstones) parts.push({ what: 'tombstone trigger', fn: 'write_tombstone', type: ROW | DELETE });
  parts.push(
    table.topic === 'forum'
      ? { what: "poke trigger of topic 'forum'", fn: 'poke_forum', type: ROW | INSERT | UPDATE | DELETE }
      : { what: "poke trigger of topic 'user:{id}'", fn: 'poke_members', type: ROW | INSERT | UPDATE | DELETE },
  );
  return parts;
}

/**
 * Whether triggers of these types, calling the part's function, fire as the part asks: same timing and level, and on
 * at least its events between them (threads poke on insert and delete in one, and on update in another, whose WHEN
 * leaves out a view: 20261204000100_views_not_announced.sql).
 */
function fits(types: number[], part: Part) {
  const timing = BEFORE | ROW;
  const events = types.filter((type) => (type & timing) === (part.type & timing)).reduce((all, type) => all | type, 0);
  return (events & part.type & ~timing) === (part.type & ~timing);
}

/**
 * The parts the database lacks for `tables`, one line each ("bookmarks: tombstone trigger (write_tombstone)"), and
 * the tables it stamps with sync_txid that none of them declares. Empty when the two agree.
 */
export async function missingSyncParts(
  db: Queryable,
  tables: readonly DeclaredTable[] = DECLARED_TABLES,
): Promise<string[]> {
  const { rows: triggers } = await db.query<{ table: string; fn: string; type: number }>(
    `select c.relname as table, p.proname as fn, t.tgtype::int as type
       from pg_trigger t
       join pg_class c on c.oid = t.tgrelid
       join pg_namespace n on n.oid = c.relnamespace
       join pg_proc p on p.oid = t.tgfoid
       join pg_namespace pn on pn.oid = p.pronamespace
      where n.nspname = 'public' and pn.nspname = 'public' and not t.tgisinternal and t.tgenabled <> 'D'`,
  );
  const { rows: columns } = await db.query<{ table: string; column: string }>(
    `select c.relname as table, a.attname as column
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped`,
  );
  const missing: string[] = [];
  for (const table of tables) {
    const own = triggers.filter((t) => t.table === table.name);
    for (const part of partsOf(table)) {
      if (
        !fits(
          own.filter((t) => t.fn === part.fn).map((t) => t.type),
          part,
        )
      )
        missing.push(`${table.name}: ${part.what} (${part.fn})`);
    }
    const known = new Set(columns.filter((c) => c.table === table.name).map((c) => c.column));
    for (const column of table.columns.split(',')) {
      if (!known.has(column)) missing.push(`${table.name}: column ${column}`);
    }
  }
  const declared = new Set(tables.map((t) => t.name));
  const stamped = new Set(triggers.filter((t) => t.fn === 'set_sync_txid').map((t) => t.table));
  for (const name of [...stamped].filter((n) => !declared.has(n)).sort()) {
    missing.push(`${name}: synced on the server but not in SYNCED_TABLES`);
  }
  return missing;
}
