-- Issue 15, bookmarks: a member bookmarks any post they can read, with an optional note of at most 500 characters.
--   * Private to their member, synced to their devices; a deletion leaves a tombstone only they read.
--   * The client sends its own id; a second device's bookmark of the same post, sent as
--     upsert({id, user_id, post_id, note}, {onConflict: 'user_id,post_id'}), changes the note of the row that is
--     there and returns it, with its id: the id, member, post, thread and created_at of a bookmark never change.
--   * thread_id is the post's thread, set here whatever the client sends.
--   * A deleted post's bookmarks go with it (cascade), each leaving its tombstone.

create table public.bookmarks (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  post_id uuid not null references public.posts (id) on delete cascade,
  thread_id uuid not null,
  note text constraint bookmarks_note_length check (char_length(note) <= 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz,
  sync_txid bigint not null default 0,
  constraint bookmarks_once unique (user_id, post_id)
);
-- The Bookmarks page, newest first; a member's pull; the cascade of a post's deletion.
create index bookmarks_user_created_idx on public.bookmarks (user_id, created_at desc);
create index bookmarks_pull_idx on public.bookmarks (user_id, sync_txid, id);
create index bookmarks_post_idx on public.bookmarks (post_id);

-- ---------------------------------------------------------------------------------------------------------------
-- The guard says why a bookmark is refused (RLS alone would only say "row-level security"), and runs before the
-- policies' WITH CHECK. A retried insert of a bookmark that already landed is answered by its upsert.
create function public.guard_bookmark_write() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'UPDATE' then
    new.id := old.id;
    new.user_id := old.user_id;
    new.post_id := old.post_id;
    new.thread_id := old.thread_id;
    new.created_at := old.created_at;
  end if;
  if btrim(new.note) = '' then
    new.note := null;
  end if;
  if char_length(new.note) > 500 then
    raise exception 'A bookmark note can be at most 500 characters' using errcode = '23514';
  end if;
  if tg_op = 'UPDATE' then
    if new.note is distinct from old.note then
      new.updated_at := now();
    end if;
    return new;
  end if;
  if not public.is_api_caller() then
    return new;
  end if;
  if exists (select 1 from public.bookmarks where id = new.id) then
    return new;
  end if;
  if new.user_id is distinct from auth.uid() then
    raise exception 'You can only bookmark posts as yourself' using errcode = '42501';
  end if;
  -- Reads posts as the caller: a post they cannot read is one that is not there for them.
  if not exists (select 1 from public.posts p where p.id = new.post_id) then
    raise exception 'This post no longer exists' using errcode = '23503';
  end if;
  new.created_at := now();
  new.updated_at := null;
  return new;
end $$;

create trigger guard_bookmark_write before insert or update on public.bookmarks
  for each row execute function public.guard_bookmark_write();

-- The post's thread, for every caller. Security definer: found even where the caller could not read the post (the
-- guard has refused an API caller's bookmark of such a post by then).
create function public.set_bookmark_thread() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  post_thread uuid;
begin
  select p.thread_id into post_thread from public.posts p where p.id = new.post_id;
  if found then
    new.thread_id := post_thread;
  end if;
  return new;
end $$;

create trigger set_bookmark_thread before insert on public.bookmarks
  for each row execute function public.set_bookmark_thread();

alter table public.bookmarks enable row level security;
create policy bookmarks_select_own on public.bookmarks for select to authenticated
  using (user_id = (select auth.uid()));
create policy bookmarks_insert_own on public.bookmarks for insert to authenticated
  with check (user_id = (select auth.uid()) and exists (select 1 from public.posts p where p.id = post_id));
create policy bookmarks_update_own on public.bookmarks for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
create policy bookmarks_delete_own on public.bookmarks for delete to authenticated
  using (user_id = (select auth.uid()));

-- ---------------------------------------------------------------------------------------------------------------
-- Synced like post_likes (20261124000200_member_rules.sql): sync_txid, private tombstones, and no id used twice.
create trigger zz_set_sync_txid before insert or update on public.bookmarks
  for each row execute function public.set_sync_txid();
create trigger refuse_tombstoned_insert before insert on public.bookmarks
  for each row execute function public.refuse_tombstoned_insert();
create trigger write_tombstone after delete on public.bookmarks
  for each row execute function public.write_tombstone();

-- A bookmark is private to its member, so is its tombstone.
create or replace function public.write_tombstone() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  readers uuid[];
begin
  if tg_table_name = 'messages' then
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

-- ---------------------------------------------------------------------------------------------------------------
-- Grants: the member alone; visitors nothing.
revoke all on table public.bookmarks from anon, authenticated, service_role;
grant select, insert, update, delete on table public.bookmarks to authenticated, service_role;

revoke execute on function public.guard_bookmark_write(), public.set_bookmark_thread()
from public, anon, authenticated, service_role;
