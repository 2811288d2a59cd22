-- A synced table in one call: public.sync_table(table_name, topic, members) gives a table what
-- 20261101000300_sync.sql and 20261129000100_live_updates.sql gave each synced table by hand, so a migration adding
-- one needs nothing else on the server. The app's side is one entry of SYNCED_TABLES (src/data/syncedTables.ts);
-- the catalog test (tests/backend/synced-tables-catalog.test.ts) checks that every entry has these triggers.
--   * sync_txid, stamped on every write, and the pull's index on (sync_txid, id);
--   * a tombstone for each deletion, readable by the members the row names (`members`, columns of the row), or by
--     everyone when it names none; an id once deleted is never used again;
--   * a poke on every change: of the 'forum' topic, or ('member') of each named member's own topic.
-- The table needs an `id uuid` key and a `sync_txid bigint not null default 0` column.

-- Both take the columns naming a row's members from their trigger's arguments; the tables synced before name none
-- and keep their branches.
create or replace function public.write_tombstone() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  readers uuid[];
begin
  if tg_nargs > 0 then
    readers := array(select (to_jsonb(old) ->> c)::uuid from unnest(tg_argv) c);
  elsif tg_table_name = 'messages' then
    readers := array[old.sender_id, old.recipient_id];
  elsif tg_table_name in ('post_likes', 'bookmarks') then
    readers := array[old.user_id];
  elsif tg_table_name = 'notifications' then
    readers := array[old.recipient_id];
  end if;
  insert into public.sync_tombstones (table_name, row_id, sync_txid, visible_to)
  values (tg_table_name, old.id, pg_current_xact_id()::text::bigint, readers)
  on conflict (table_name, row_id) do update
    set sync_txid = excluded.sync_txid, visible_to = excluded.visible_to, deleted_at = now();
  return old;
end $$;

create or replace function public.poke_members() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  r record;
  member uuid;
  members uuid[];
begin
  if tg_op = 'DELETE' then
    r := old;
  else
    r := new;
  end if;
  -- One branch per table: a record's fields are looked up only in the branch that runs.
  if tg_nargs > 0 then
    members := array(select (to_jsonb(r) ->> c)::uuid from unnest(tg_argv) c where to_jsonb(r) ->> c is not null);
  elsif tg_table_name = 'messages' then
    members := array[r.sender_id, r.recipient_id];
  elsif tg_table_name = 'notifications' then
    members := array[r.recipient_id];
  elsif tg_table_name = 'profiles' then
    members := array[r.id];
  else
    members := array[r.user_id];
  end if;
  foreach member in array members loop
    perform realtime.send(
      jsonb_build_object('txid', pg_current_xact_id()::text::bigint), 'changed', 'user:' || member::text, true);
  end loop;
  return null;
end $$;

-- Only a migration calls it: it runs as its caller, who must own the table.
create function public.sync_table(table_name text, topic text, members text[] default '{}')
returns void
language plpgsql set search_path = '' as $$
declare
  args text := (select coalesce(string_agg(quote_literal(m), ', '), '') from unnest(members) m);
begin
  if topic is null or topic not in ('forum', 'member') then
    raise exception 'topic must be forum or member, not %', coalesce(topic, 'null') using errcode = '22023';
  end if;
  if topic = 'member' and coalesce(cardinality(members), 0) = 0 then
    raise exception 'A member table names the columns of its members' using errcode = '22023';
  end if;
  execute format('create index %I on public.%I (sync_txid, id)', table_name || '_sync_txid_idx', table_name);
  -- Named as the first synced tables' are, so they sort after a table's own "before" triggers, as there.
  execute format('create trigger zz_set_sync_txid before insert or update on public.%I '
    'for each row execute function public.set_sync_txid()', table_name);
  execute format('create trigger refuse_tombstoned_insert before insert on public.%I '
    'for each row execute function public.refuse_tombstoned_insert()', table_name);
  execute format('create trigger write_tombstone after delete on public.%I '
    'for each row execute function public.write_tombstone(%s)', table_name, args);
  if topic = 'forum' then
    execute format('create trigger zz_poke_forum after insert or update or delete on public.%I '
      'for each statement execute function public.poke_forum()', table_name);
  else
    execute format('create trigger zz_poke_members after insert or update or delete on public.%I '
      'for each row execute function public.poke_members(%s)', table_name, args);
  end if;
end $$;

revoke execute on function public.sync_table(text, text, text[]) from public, anon, authenticated, service_role;
