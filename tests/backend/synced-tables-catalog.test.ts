// The synced tables as the app declares them (SYNCED_TABLES) against the database's catalog: every entry has its
// sync_txid, tombstone and poke triggers on the server, and a migration that leaves one out is named. Then the helper
// a migration calls to make a table synced (public.sync_table): what it gives a table, and who may call it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNCED_TABLES } from '../../src/data/syncedTables.ts';
import type { Queryable } from '../../supabase/local/db.ts';
import { startTestStack, type TestStack } from './stack.ts';
import { DECLARED_TABLES, missingSyncParts, type DeclaredTable } from './support/syncCatalog.ts';
import { waitFor } from './support/waitFor.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
});
afterAll(async () => {
  await stack?.close();
});

class RolledBack extends Error {}

/** What `fn` answers about the database changed by `sql`, which is rolled back after: the catalog stays as it was. */
async function afterRolledBack<T>(sql: string, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  let answer: T | undefined;
  await stack.db
    .transaction(async (tx) => {
      await tx.exec(sql);
      answer = await fn(tx);
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return answer as T;
}

const entry = (name: string) => DECLARED_TABLES.find((t) => t.name === name)!;

describe('the catalog against SYNCED_TABLES', () => {
  it('finds every part of every declared table, and no synced table left undeclared', async () => {
    expect(SYNCED_TABLES.map((t) => t.name)).toContain('bookmarks');
    expect(await missingSyncParts(stack.db)).toEqual([]);
  });

  it('names the trigger a migration left out, and only that one', async () => {
    const cases: [string, string][] = [
      ['drop trigger write_tombstone on public.bookmarks', 'bookmarks: tombstone trigger (write_tombstone)'],
      ['drop trigger zz_set_sync_txid on public.posts', 'posts: sync_txid trigger (set_sync_txid)'],
      ['drop trigger zz_poke_forum on public.categories', "categories: poke trigger of topic 'forum' (poke_forum)"],
      [
        'drop trigger zz_poke_members on public.thread_reads',
        "thread_reads: poke trigger of topic 'user:{id}' (poke_members)",
      ],
      // A trigger of the right function on the wrong events is no trigger of the part.
      [
        `drop trigger write_tombstone on public.messages;
         create trigger write_tombstone after insert on public.messages
           for each row execute function public.write_tombstone()`,
        'messages: tombstone trigger (write_tombstone)',
      ],
    ];
    for (const [sql, missing] of cases) {
      expect(await afterRolledBack(sql, (tx) => missingSyncParts(tx)), sql).toEqual([missing]);
    }
    expect(await missingSyncParts(stack.db)).toEqual([]);
  });

  it('checks the topic an entry declares, the columns it pulls, and names a synced table no entry declares', async () => {
    const asMember = { ...entry('categories'), topic: 'member' } as const;
    expect(await missingSyncParts(stack.db, [asMember])).toContain(
      "categories: poke trigger of topic 'user:{id}' (poke_members)",
    );
    const unknownColumn = { ...entry('profiles'), columns: `${entry('profiles').columns},karma` };
    expect(await missingSyncParts(stack.db, [unknownColumn])).toContain('profiles: column karma');
    const withoutBookmarks = DECLARED_TABLES.filter((t) => t.name !== 'bookmarks');
    expect(await missingSyncParts(stack.db, withoutBookmarks)).toEqual([
      'bookmarks: synced on the server but not in SYNCED_TABLES',
    ]);
  });
});

describe('sync_table, for a migration adding a synced table', () => {
  const notes: DeclaredTable = {
    name: 'scratch_notes',
    mirror: 'scratchNotes',
    columns: 'id,user_id,body,sync_txid',
    key: 'id',
    indexes: { 99: '' },
    topic: 'member',
    tombstones: true,
  };
  const createNotes = `create table public.scratch_notes (
    id uuid primary key default gen_random_uuid(), user_id uuid not null, body text,
    sync_txid bigint not null default 0)`;

  it('gives the table every part the catalog test asks for, as the tables synced by hand have them', async () => {
    const sql = `${createNotes}; select public.sync_table('scratch_notes', 'member', '{user_id}')`;
    expect(await afterRolledBack(sql, (tx) => missingSyncParts(tx, [...DECLARED_TABLES, notes]))).toEqual([]);
    const forum = `${createNotes}; select public.sync_table('scratch_notes', 'forum')`;
    expect(await afterRolledBack(forum, (tx) => missingSyncParts(tx, [...DECLARED_TABLES, notes]))).toEqual([
      "scratch_notes: poke trigger of topic 'user:{id}' (poke_members)",
    ]);
  });

  it('stamps writes, leaves a tombstone its member alone reads, refuses the id again and pokes the member', async () => {
    await stack.db.exec(`${createNotes}; select public.sync_table('scratch_notes', 'member', '{user_id}')`);
    try {
      const member = randomUUID();
      const pokes: string[] = [];
      const stop = await stack.db.listen('realtime', (payload) => pokes.push(JSON.parse(payload).topic));
      const id = randomUUID();
      const { rows } = await stack.db.query<{ sync_txid: string }>(
        `insert into public.scratch_notes (id, user_id, body) values ($1, $2, 'hello') returning sync_txid`,
        [id, member],
      );
      expect(Number(rows[0]!.sync_txid)).toBeGreaterThan(0);
      await waitFor(
        async () => pokes,
        (seen) => seen.includes(`user:${member}`),
        'the poke of its member',
      );
      await stop();
      await stack.db.query('delete from public.scratch_notes where id = $1', [id]);
      const tombstone = await stack.db.query<{ visible_to: string[] }>(
        `select visible_to from public.sync_tombstones where table_name = 'scratch_notes' and row_id = $1`,
        [id],
      );
      expect(tombstone.rows).toEqual([{ visible_to: [member] }]);
      await expect(
        stack.db.query(`insert into public.scratch_notes (id, user_id) values ($1, $2)`, [id, member]),
      ).rejects.toThrow(/was deleted and cannot be created again/);
    } finally {
      await stack.db.exec(`drop table public.scratch_notes;
        delete from public.sync_tombstones where table_name = 'scratch_notes'`);
    }
  });

  it('refuses a topic it does not know, and a member table that names no member, creating nothing', async () => {
    for (const call of [`'forums'`, `'member'`]) {
      const sql = `${createNotes}; select public.sync_table('scratch_notes', ${call})`;
      await expect(
        afterRolledBack(sql, async () => undefined),
        call,
      ).rejects.toThrow(/topic must be forum or member|names the columns of its members/);
    }
    expect(await missingSyncParts(stack.db)).toEqual([]);
  });

  it('is refused to the API: a member calling it makes nothing synced', async () => {
    const { client } = await stack.newMember();
    const { error } = await client.rpc('sync_table', { table_name: 'bookmarks', topic: 'forum' });
    expect(error?.code).toBe('42501');
    expect(await missingSyncParts(stack.db)).toEqual([]);
    const { rows } = await stack.db.query(
      `select 1 from pg_trigger where tgrelid = 'public.bookmarks'::regclass and tgname = 'zz_poke_forum'`,
    );
    expect(rows).toEqual([]);
  });
});
