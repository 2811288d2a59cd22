-- Incremental pull for offline clients (DESIGN section 4):
--   * every synced table carries sync_txid, the id of the transaction that last wrote the row;
--   * deletions leave a tombstone in sync_tombstones, in the same transaction;
--   * sync_watermark() is the oldest transaction still running: every id below it has committed or aborted.
-- A pull reads rows and tombstones with cursor <= sync_txid < watermark, then moves its cursor to the watermark,
-- so a transaction that commits late is picked up by the next pull instead of being skipped.

create table public.sync_tombstones (
  table_name text not null,
  row_id uuid not null,
  sync_txid bigint not null default (pg_current_xact_id()::text::bigint),
  -- null: anyone who could read the row may learn it is gone; otherwise only these members (a message's parties).
  visible_to uuid[],
  deleted_at timestamptz not null default now(),
  primary key (table_name, row_id)
);
create index sync_tombstones_pull_idx on public.sync_tombstones (sync_txid, row_id);

create function public.set_sync_txid() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.sync_txid := pg_current_xact_id()::text::bigint;
  return new;
end $$;

-- Writes the tombstone of a deleted row. Security definer: clients cannot write sync_tombstones themselves.
create function public.write_tombstone() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  readers uuid[];
begin
  if tg_table_name = 'messages' then
    readers := array[old.sender_id, old.recipient_id];
  end if;
  insert into public.sync_tombstones (table_name, row_id, sync_txid, visible_to)
  values (tg_table_name, old.id, pg_current_xact_id()::text::bigint, readers)
  on conflict (table_name, row_id) do update
    set sync_txid = excluded.sync_txid, visible_to = excluded.visible_to, deleted_at = now();
  return old;
end $$;

-- A retried insert must never bring back a row that was deleted in the meantime (e.g. by a moderator).
-- Raised as unique_violation (HTTP 409): the id has been used, and is gone.
create function public.refuse_tombstoned_insert() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if exists (select 1 from public.sync_tombstones where table_name = tg_table_name and row_id = new.id) then
    raise exception 'This % was deleted and cannot be created again', rtrim(tg_table_name, 's')
      using errcode = '23505', detail = format('%s %s is in sync_tombstones', tg_table_name, new.id);
  end if;
  return new;
end $$;

-- A deactivated category disappears from what clients can read, so for them it is a deletion.
-- Reactivating removes the tombstone; the row's new sync_txid brings it back on the next pull.
create function public.tombstone_inactive_category() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if old.is_active and not new.is_active then
    insert into public.sync_tombstones (table_name, row_id, sync_txid)
    values ('categories', new.id, pg_current_xact_id()::text::bigint)
    on conflict (table_name, row_id) do update set sync_txid = excluded.sync_txid, deleted_at = now();
  elsif new.is_active and not old.is_active then
    delete from public.sync_tombstones where table_name = 'categories' and row_id = new.id;
  end if;
  return new;
end $$;

-- Trigger names sort after the table-specific "before insert" triggers of 20261101000400_triggers.sql,
-- which may skip a row (return null) before these run.
do $$
declare
  t text;
begin
  foreach t in array array['categories', 'threads', 'posts', 'messages', 'profiles'] loop
    execute format('create index %I on public.%I (sync_txid, id)', t || '_sync_txid_idx', t);
    execute format(
      'create trigger zz_set_sync_txid before insert or update on public.%I for each row execute function public.set_sync_txid()', t);
    execute format(
      'create trigger refuse_tombstoned_insert before insert on public.%I for each row execute function public.refuse_tombstoned_insert()', t);
    execute format(
      'create trigger write_tombstone after delete on public.%I for each row execute function public.write_tombstone()', t);
  end loop;
end $$;

create trigger tombstone_inactive_category after update of is_active on public.categories
  for each row execute function public.tombstone_inactive_category();

-- The pull's upper bound: no transaction with a smaller id can still commit.
create function public.sync_watermark() returns bigint
language sql stable set search_path = '' as $$
  select pg_snapshot_xmin(pg_current_snapshot())::text::bigint
$$;
