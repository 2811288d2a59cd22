-- Issue 15, post numbers (as Discourse's post_number and highest_post_number): read positions and "N new" count
-- posts by number.
--   * posts.post_number: 1 for the opening post, then 2, 3… per thread in insert order, taken from
--     threads.highest_post_number in the insert's transaction (the thread's row lock serializes concurrent replies).
--     Whatever a client sends is ignored; the number never changes, and a deleted post's number is never used again.
--   * threads.highest_post_number: the number of the thread's last post ever inserted. The server's alone.
-- Numbering is no edit: no version bump, no "edited" mark, updated_at kept, nobody notified; sync_txid moves, so
-- every mirror pulls the new columns.

alter table public.threads add column highest_post_number integer not null default 0
  constraint threads_highest_post_number_valid check (highest_post_number >= 0);
-- The default only spares clients from sending it: set_post_number below assigns it on every insert.
alter table public.posts add column post_number integer not null default 0;

-- ---------------------------------------------------------------------------------------------------------------
-- The rows written before this migration, numbered by (created_at, id). With the tables' own triggers off, this
-- update is not an edit to any of them (version, is_edited, updated_at, notifications, moderation log, counters);
-- sync_txid is set here instead of by zz_set_sync_txid.
alter table public.posts disable trigger user;
alter table public.threads disable trigger user;

update public.posts p
set post_number = n.num, sync_txid = pg_current_xact_id()::text::bigint
from (
  select id, row_number() over (partition by thread_id order by created_at, id)::integer as num from public.posts
) n
where n.id = p.id;

update public.threads t
set highest_post_number = coalesce((select max(p.post_number) from public.posts p where p.thread_id = t.id), 0),
  sync_txid = pg_current_xact_id()::text::bigint;

alter table public.posts enable trigger user;
alter table public.threads enable trigger user;

create unique index posts_thread_post_number_key on public.posts (thread_id, post_number);

-- ---------------------------------------------------------------------------------------------------------------
-- Numbering. The name sorts after the guards and limit_forum_writes, which refuse a write before it takes a
-- number, and after refuse_tombstoned_insert. A retried insert of a post that already landed takes none: its
-- "on conflict do nothing" (or duplicate key) would otherwise leave the thread counting a post that is not there.
-- Security definer: a replier may not update someone else's thread.
create function public.set_post_number() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  taken integer;
begin
  if exists (select 1 from public.posts where id = new.id) then
    return new;
  end if;
  update public.threads set highest_post_number = highest_post_number + 1
  where id = new.thread_id
  returning highest_post_number into taken;
  -- No such thread: the foreign key refuses the row, as before.
  if found then
    new.post_number := taken;
  end if;
  return new;
end $$;

create trigger set_post_number before insert on public.posts
  for each row execute function public.set_post_number();

-- A post's number never changes, whoever writes the row.
create function public.keep_post_number() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.post_number := old.post_number;
  return new;
end $$;

create trigger keep_post_number before update on public.posts
  for each row execute function public.keep_post_number();

-- highest_post_number starts at 0 whatever is sent, and only set_post_number (a trusted caller) moves it.
create function public.keep_highest_post_number() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    new.highest_post_number := 0;
  elsif public.is_api_caller() then
    new.highest_post_number := old.highest_post_number;
  end if;
  return new;
end $$;

create trigger keep_highest_post_number before insert or update on public.threads
  for each row execute function public.keep_highest_post_number();

-- A thread taking a number is not an edit of the thread: its updated_at stays (a reply still moves it through
-- reply_count, as before). set_timestamps of 20261126000200_reports.sql with highest_post_number kept by the server.
create or replace function public.set_timestamps() returns trigger
language plpgsql set search_path = '' as $$
declare
  noise constant text[] := array['sync_txid', 'updated_at'];
  server_kept text[];
begin
  if tg_op = 'INSERT' then
    if public.is_api_caller() then
      new.created_at := now();
      new.updated_at := now();
    end if;
    return new;
  end if;
  new.created_at := old.created_at;
  -- Nested: a condition on new.hidden_at would fail on the other tables, which have no such column.
  if tg_table_name = 'posts' then
    if new.hidden_at is distinct from old.hidden_at then
      new.updated_at := old.updated_at;
      return new;
    end if;
  end if;
  server_kept := case tg_table_name
    when 'posts' then array['like_count', 'author_id']
    when 'threads' then array['author_id', 'highest_post_number']
    when 'profiles' then array['reputation', 'thread_count', 'reply_count', 'last_seen_at']
    else array[]::text[]
  end;
  if cardinality(server_kept) > 0
     and (to_jsonb(new) - noise) <> (to_jsonb(old) - noise)
     and (to_jsonb(new) - noise - server_kept) = (to_jsonb(old) - noise - server_kept) then
    new.updated_at := old.updated_at;
    return new;
  end if;
  if public.is_api_caller() or new.updated_at is not distinct from old.updated_at then
    new.updated_at := now();
  end if;
  return new;
end $$;

revoke execute on function public.set_post_number(), public.keep_post_number(), public.keep_highest_post_number()
from public, anon, authenticated, service_role;
