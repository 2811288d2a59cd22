-- Issue 15, read state: for each thread a member has opened, the highest post number they have seen.
--   * One row per (member, thread), read and written by its member alone; synced to their devices by sync_txid.
--   * The server keeps the highest: going back never unreads a post, and an older device cannot roll a newer
--     position back. A position beyond the thread's last post is clamped to it.
--   * mark_thread_read(thread_id, post_number) and mark_all_read(category_id) are what the app calls.
--   * A member's own post counts as read: writing it raises their position to its number.
--   * Rows go with their thread or member (cascade); no tombstones, a client drops its copy with the thread.

create table public.thread_reads (
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  thread_id uuid not null references public.threads (id) on delete cascade,
  last_read_post_number integer not null constraint thread_reads_position_valid check (last_read_post_number >= 0),
  updated_at timestamptz not null default now(),
  sync_txid bigint not null default 0,
  primary key (user_id, thread_id)
);
-- A member's pull, and the cascade of a thread's deletion.
create index thread_reads_pull_idx on public.thread_reads (user_id, sync_txid, thread_id);
create index thread_reads_thread_idx on public.thread_reads (thread_id);

-- ---------------------------------------------------------------------------------------------------------------
-- The highest position wins, clamped to the thread's last post; the member and thread of a row never change.
-- Runs for every caller: the rule is the table's, not the API's.
create function public.keep_highest_read() returns trigger
language plpgsql set search_path = '' as $$
declare
  top integer;
begin
  if tg_op = 'UPDATE' then
    new.user_id := old.user_id;
    new.thread_id := old.thread_id;
  end if;
  select t.highest_post_number into top from public.threads t where t.id = new.thread_id;
  if found then
    new.last_read_post_number := least(new.last_read_post_number, top);
  end if;
  if tg_op = 'UPDATE' then
    new.last_read_post_number := greatest(new.last_read_post_number, old.last_read_post_number);
  end if;
  new.updated_at := now();
  return new;
end $$;

create trigger keep_highest_read before insert or update on public.thread_reads
  for each row execute function public.keep_highest_read();

create trigger zz_set_sync_txid before insert or update on public.thread_reads
  for each row execute function public.set_sync_txid();

alter table public.thread_reads enable row level security;
create policy thread_reads_select_own on public.thread_reads for select to authenticated
  using (user_id = (select auth.uid()));
create policy thread_reads_insert_own on public.thread_reads for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy thread_reads_update_own on public.thread_reads for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- ---------------------------------------------------------------------------------------------------------------
-- Raises the caller's position in a thread (never lowers it) and returns their row. excluded is the row after
-- keep_highest_read, so already clamped. A call that would not raise it writes nothing, so it moves no sync_txid and
-- makes no device pull again.
create function public.mark_thread_read(thread_id uuid, post_number integer)
returns setof public.thread_reads
language plpgsql volatile set search_path = '' as $$
#variable_conflict use_column
declare
  me uuid := auth.uid();
begin
  if me is null then
    raise exception 'You must be signed in' using errcode = '42501';
  end if;
  if mark_thread_read.post_number is null or mark_thread_read.post_number < 0 then
    raise exception 'post_number must be at least 0' using errcode = '22023';
  end if;
  if not exists (select 1 from public.threads t where t.id = mark_thread_read.thread_id) then
    raise exception 'Thread not found' using errcode = 'PT404';
  end if;
  return query
    insert into public.thread_reads as r (user_id, thread_id, last_read_post_number)
    values (me, mark_thread_read.thread_id, mark_thread_read.post_number)
    on conflict on constraint thread_reads_pkey do update
      set last_read_post_number = excluded.last_read_post_number
      where r.last_read_post_number < excluded.last_read_post_number
    returning r.*;
  if not found then
    return query select r.* from public.thread_reads r where r.user_id = me and r.thread_id = mark_thread_read.thread_id;
  end if;
end $$;

-- Marks every thread read (of one category when given, of the forum when null): the caller's position in each
-- becomes its last post. Returns the number of rows written; a thread already read to its end is not written.
create function public.mark_all_read(category_id uuid default null) returns integer
language plpgsql volatile set search_path = '' as $$
#variable_conflict use_column
declare
  me uuid := auth.uid();
  written integer;
begin
  if me is null then
    raise exception 'You must be signed in' using errcode = '42501';
  end if;
  if mark_all_read.category_id is not null
     and not exists (select 1 from public.categories c where c.id = mark_all_read.category_id) then
    raise exception 'Category not found' using errcode = 'PT404';
  end if;
  insert into public.thread_reads as r (user_id, thread_id, last_read_post_number)
  select me, t.id, t.highest_post_number
  from public.threads t
  where mark_all_read.category_id is null or t.category_id = mark_all_read.category_id
  on conflict on constraint thread_reads_pkey do update
    set last_read_post_number = excluded.last_read_post_number
    where r.last_read_post_number < excluded.last_read_post_number;
  get diagnostics written = row_count;
  return written;
end $$;

-- ---------------------------------------------------------------------------------------------------------------
-- A member's own post counts as read. Security definer: it writes the author's row whoever inserts the post (the
-- seed, the service role). The name sorts after count_replies, so the post's triggers still lock its thread
-- before anything else.
create function public.read_own_post() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.author_id is null or new.post_number < 1 then
    return null;
  end if;
  insert into public.thread_reads as r (user_id, thread_id, last_read_post_number)
  values (new.author_id, new.thread_id, new.post_number)
  on conflict on constraint thread_reads_pkey do update
    set last_read_post_number = excluded.last_read_post_number
    where r.last_read_post_number < excluded.last_read_post_number;
  return null;
end $$;

create trigger read_own_post after insert on public.posts
  for each row execute function public.read_own_post();

-- The posts written before this migration: each author has read their threads up to their own last post there.
insert into public.thread_reads (user_id, thread_id, last_read_post_number)
select p.author_id, p.thread_id, max(p.post_number)
from public.posts p
where p.author_id is not null
group by p.author_id, p.thread_id;

-- ---------------------------------------------------------------------------------------------------------------
-- Grants: the member alone, through the two functions or their own rows; visitors nothing. No delete: a read
-- position is never taken back through the API.
revoke all on table public.thread_reads from anon, authenticated, service_role;
grant select, insert, update on table public.thread_reads to authenticated;
grant select, insert, update, delete on table public.thread_reads to service_role;

revoke execute on function
  public.keep_highest_read(), public.mark_thread_read(uuid, integer), public.mark_all_read(uuid),
  public.read_own_post()
from public, anon, authenticated, service_role;
grant execute on function public.mark_thread_read(uuid, integer), public.mark_all_read(uuid) to authenticated;
