-- Issue 12, the rules over the member shapes of 20261124000100_member_shapes.sql: the thread and reply counters,
-- likes and the reputation they earn, who may change whose role, last seen, and account deletion that keeps the
-- member's threads and posts by "Deleted member".
--
-- Counters are written by security definer triggers, which run as their owner: the guards of
-- 20261101000400_triggers.sql act on API callers only, so they let these writes through, while a client's own write
-- of a counter is refused (no column grant, or a guard below).

-- ---------------------------------------------------------------------------------------------------------------
-- Writes the server makes to its own columns (counters, last seen, a deleted author) are not edits: they keep a
-- post's version, so an edit in flight is no conflict, and keep updated_at, which says when a person last changed
-- the row. Only when nothing else changed; sync_txid still moves, so devices pull the new values.
create or replace function public.set_post_version() returns trigger
language plpgsql set search_path = '' as $$
declare
  server_kept constant text[] := array['like_count', 'author_id', 'sync_txid', 'updated_at'];
begin
  if (new.like_count, new.author_id) is distinct from (old.like_count, old.author_id)
     and (to_jsonb(new) - server_kept) = (to_jsonb(old) - server_kept) then
    return new;
  end if;
  new.version := old.version + 1;
  if (new.content, new.images) is distinct from (old.content, old.images) then
    new.is_edited := true;
  elsif public.is_api_caller() then
    new.is_edited := old.is_edited;
  end if;
  return new;
end $$;

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
  server_kept := case tg_table_name
    when 'posts' then array['like_count', 'author_id']
    when 'threads' then array['author_id']
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

-- ---------------------------------------------------------------------------------------------------------------
-- thread_count = threads authored; reply_count = posts authored that are not opening posts. An author set to null
-- (their account deleted) moves the count off a profile that is gone by then, so it changes nothing.
create function public.count_authored_threads() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.author_id is not null then
    update public.profiles set thread_count = greatest(thread_count - 1, 0) where id = old.author_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.author_id is not null then
    update public.profiles set thread_count = thread_count + 1 where id = new.author_id;
  end if;
  return null;
end $$;

create trigger count_authored_threads after insert or delete on public.threads
  for each row execute function public.count_authored_threads();
create trigger count_authored_threads_moved after update of author_id on public.threads
  for each row when (old.author_id is distinct from new.author_id)
  execute function public.count_authored_threads();

create function public.count_authored_replies() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.author_id is not null and old.type = 'reply' then
    update public.profiles set reply_count = greatest(reply_count - 1, 0) where id = old.author_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.author_id is not null and new.type = 'reply' then
    update public.profiles set reply_count = reply_count + 1 where id = new.author_id;
  end if;
  return null;
end $$;

create trigger count_authored_replies after insert or delete on public.posts
  for each row execute function public.count_authored_replies();
create trigger count_authored_replies_moved after update of author_id, type on public.posts
  for each row when ((old.author_id, old.type) is distinct from (new.author_id, new.type))
  execute function public.count_authored_replies();

-- The posts written before these triggers.
update public.profiles p
set thread_count = c.threads, reply_count = c.replies
from (
  select pr.id,
    (select count(*) from public.threads t where t.author_id = pr.id)::integer as threads,
    (select count(*) from public.posts po where po.author_id = pr.id and po.type = 'reply')::integer as replies
  from public.profiles pr
) c
where c.id = p.id and (p.thread_count, p.reply_count) is distinct from (c.threads, c.replies);

-- ---------------------------------------------------------------------------------------------------------------
-- Posts: like_count belongs to the server. A new post starts at 0 whatever the client sent (the app's row carries
-- like_count: 0); changing it is refused. The rest of guard_post_write is unchanged.
create or replace function public.guard_post_write() returns trigger
language plpgsql set search_path = '' as $$
declare
  thread_author uuid;
  thread_locked boolean;
begin
  if not public.is_api_caller() then
    return new;
  end if;
  if public.caller_is_banned() then
    raise exception 'Your account is banned' using errcode = '42501';
  end if;
  if tg_op = 'INSERT' then
    -- A retried insert of a post that already landed: "on conflict do nothing" (or the duplicate key) answers it,
    -- even if the thread was locked since.
    if exists (select 1 from public.posts where id = new.id) then
      return new;
    end if;
    select author_id, is_locked into thread_author, thread_locked from public.threads where id = new.thread_id;
    if thread_locked and not public.is_staff() then
      raise exception 'Thread is locked' using errcode = '42501', hint = 'Replies to a locked thread are closed.';
    end if;
    if new.type = 'thread' and thread_author is distinct from new.author_id then
      raise exception 'Only the author of a thread can write its opening post' using errcode = '42501';
    end if;
    new.is_edited := false;
    new.version := 1;
    new.like_count := 0;
    return new;
  end if;
  if (new.id, new.thread_id, new.author_id, new.type, new.is_first_post)
     is distinct from (old.id, old.thread_id, old.author_id, old.type, old.is_first_post) then
    raise exception 'Only the content and images of a post can be edited' using errcode = '42501';
  end if;
  if new.like_count is distinct from old.like_count then
    raise exception 'A post''s like count is kept by the forum and cannot be set' using errcode = '42501';
  end if;
  return new;
end $$;

-- ---------------------------------------------------------------------------------------------------------------
-- Likes: a member likes another member's post once. Select, insert and delete of their own likes only.
alter table public.post_likes enable row level security;

create policy post_likes_select_own on public.post_likes for select to authenticated
  using (user_id = (select auth.uid()));
create policy post_likes_insert_own on public.post_likes for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and (select public.is_active_member())
    and exists (
      select 1 from public.posts p where p.id = post_id and p.author_id is distinct from (select auth.uid())
    )
  );
create policy post_likes_delete_own on public.post_likes for delete to authenticated
  using (user_id = (select auth.uid()));

-- The guard says why a like is refused (RLS alone would only say "row-level security"), and runs before the
-- policies' WITH CHECK. A retried insert of a like that already landed is answered by the duplicate key.
create function public.guard_post_like_write() returns trigger
language plpgsql set search_path = '' as $$
declare
  post_author uuid;
begin
  if not public.is_api_caller() then
    return coalesce(new, old);
  end if;
  if public.caller_is_banned() then
    raise exception 'Your account is banned' using errcode = '42501';
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  if exists (select 1 from public.post_likes where id = new.id) then
    return new;
  end if;
  if new.user_id is distinct from auth.uid() then
    raise exception 'You can only like posts as yourself' using errcode = '42501';
  end if;
  select author_id into post_author from public.posts where id = new.post_id;
  if not found then
    raise exception 'This post no longer exists' using errcode = '23503';
  end if;
  if post_author = new.user_id then
    raise exception 'You cannot like your own post' using errcode = '42501';
  end if;
  if exists (select 1 from public.post_likes where post_id = new.post_id and user_id = new.user_id) then
    raise exception 'You already liked this post' using errcode = '23505';
  end if;
  new.created_at := now();
  return new;
end $$;

create trigger guard_post_like_write before insert or delete on public.post_likes
  for each row execute function public.guard_post_like_write();

-- A like adds one to the post's like_count and to its author's reputation, in the like's transaction; taking it
-- back (or the liker's account going) takes both back. When the post itself is deleted, its likes go by cascade
-- after the post row is gone: their update below finds no post, and count_deleted_post_likes takes the whole
-- like_count off the author instead. The post's row lock serializes concurrent likes.
create function public.count_post_like() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  post_author uuid;
begin
  if tg_op = 'INSERT' then
    update public.posts set like_count = like_count + 1 where id = new.post_id returning author_id into post_author;
    if post_author is not null then
      update public.profiles set reputation = reputation + 1 where id = post_author;
    end if;
    return null;
  end if;
  update public.posts set like_count = greatest(like_count - 1, 0) where id = old.post_id
  returning author_id into post_author;
  if post_author is not null then
    update public.profiles set reputation = reputation - 1 where id = post_author;
  end if;
  return null;
end $$;

create trigger count_post_like after insert or delete on public.post_likes
  for each row execute function public.count_post_like();

create function public.count_deleted_post_likes() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if old.author_id is not null and old.like_count > 0 then
    update public.profiles set reputation = reputation - old.like_count where id = old.author_id;
  end if;
  return null;
end $$;

create trigger count_deleted_post_likes after delete on public.posts
  for each row execute function public.count_deleted_post_likes();

-- Synced like the other tables (20261101000300_sync.sql): sync_txid, tombstones, and no id used twice.
create index post_likes_sync_txid_idx on public.post_likes (sync_txid, id);
create trigger zz_set_sync_txid before insert or update on public.post_likes
  for each row execute function public.set_sync_txid();
create trigger refuse_tombstoned_insert before insert on public.post_likes
  for each row execute function public.refuse_tombstoned_insert();
create trigger write_tombstone after delete on public.post_likes
  for each row execute function public.write_tombstone();

-- A like is private to its member, so is its tombstone (as a message's is to its two parties).
create or replace function public.write_tombstone() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  readers uuid[];
begin
  if tg_table_name = 'messages' then
    readers := array[old.sender_id, old.recipient_id];
  elsif tg_table_name = 'post_likes' then
    readers := array[old.user_id];
  end if;
  insert into public.sync_tombstones (table_name, row_id, sync_txid, visible_to)
  values (tg_table_name, old.id, pg_current_xact_id()::text::bigint, readers)
  on conflict (table_name, row_id) do update
    set sync_txid = excluded.sync_txid, visible_to = excluded.visible_to, deleted_at = now();
  return old;
end $$;

-- Likes written before these triggers (none on an existing project, but the count must match whatever is there).
update public.posts p
set like_count = c.likes
from (select post_id, count(*)::integer as likes from public.post_likes group by post_id) c
where c.post_id = p.id and p.like_count <> c.likes;

-- ---------------------------------------------------------------------------------------------------------------
-- Profiles. Who may change what:
--   * the owner edits their own fields, never their own role, ban or reputation;
--   * roles (SPEC section 6): an admin sets anyone but themself to any role; a moderator sets a member whose role
--     is user or moderator (not themself, not an admin) to user or moderator;
--   * admins ban and unban;
--   * reputation is earned from likes and set by nobody; counters and last seen have no column grant at all;
--   * nobody edits another member's own fields (name, bio, avatar, settings).
-- Every member reaches every profile row for update, so that a refusal is the guard's 42501 in words rather than an
-- update of no rows; the guard refuses whatever is not theirs to change, a stranger's no-op included.
drop policy profiles_update_own_or_staff on public.profiles;
create policy profiles_update on public.profiles for update to authenticated
  using (true)
  with check (id = (select auth.uid()) or (select public.is_staff()));

create or replace function public.guard_profile_update() returns trigger
language plpgsql set search_path = '' as $$
declare
  me uuid := auth.uid();
begin
  if not public.is_api_caller() then
    return new;
  end if;
  if public.caller_is_banned() then
    raise exception 'Your account is banned' using errcode = '42501';
  end if;
  if new.id is distinct from old.id or new.email is distinct from old.email then
    raise exception 'A profile''s id and email cannot be changed' using errcode = '42501';
  end if;
  if old.id = me then
    if new.role is distinct from old.role then
      raise exception 'You cannot change your own role' using errcode = '42501';
    end if;
    if new.is_banned is distinct from old.is_banned then
      raise exception 'You cannot change your own ban status' using errcode = '42501';
    end if;
    if new.reputation is distinct from old.reputation then
      raise exception 'You cannot change your own reputation' using errcode = '42501';
    end if;
    return new;
  end if;
  if not public.is_staff() then
    if new.role is distinct from old.role then
      raise exception 'Only moderators and admins can change a member''s role' using errcode = '42501';
    end if;
    raise exception 'You can only edit your own profile' using errcode = '42501';
  end if;
  if (new.username, new.display_name, new.bio, new.avatar_url, new.wallet_address,
      new.notification_preferences, new.privacy_settings)
     is distinct from
     (old.username, old.display_name, old.bio, old.avatar_url, old.wallet_address,
      old.notification_preferences, old.privacy_settings) then
    raise exception 'You can only edit your own profile' using errcode = '42501';
  end if;
  if new.role is distinct from old.role and not public.is_admin() then
    if old.role = 'admin' then
      raise exception 'Only admins can change the role of an admin' using errcode = '42501';
    end if;
    if new.role = 'admin' then
      raise exception 'Only admins can make a member an admin' using errcode = '42501';
    end if;
  end if;
  if new.is_banned is distinct from old.is_banned and not public.is_admin() then
    raise exception 'Only admins can ban or unban members' using errcode = '42501';
  end if;
  if new.reputation is distinct from old.reputation then
    raise exception 'Reputation is earned from likes and cannot be set' using errcode = '42501';
  end if;
  return new;
end $$;

-- ---------------------------------------------------------------------------------------------------------------
-- Last seen: stamped by touch_last_seen() alone, never while showOnline is off. Turning showOnline off clears it,
-- whoever makes the change; the name sorts after guard_profile_update, so a refused update never gets here.
create function public.hide_last_seen() returns trigger
language plpgsql set search_path = '' as $$
begin
  if not coalesce((new.privacy_settings ->> 'showOnline')::boolean, true) then
    new.last_seen_at := null;
  end if;
  return new;
end $$;

create trigger hide_last_seen before update of privacy_settings, last_seen_at on public.profiles
  for each row execute function public.hide_last_seen();

-- The sync engine's pulls call this; it writes at most once a minute per member, since every write makes each
-- device pull the profile again.
create function public.touch_last_seen() returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := auth.uid();
begin
  if me is null then
    raise exception 'You must be signed in' using errcode = '42501';
  end if;
  update public.profiles
  set last_seen_at = case when coalesce((privacy_settings ->> 'showOnline')::boolean, true) then now() end
  where id = me
    and (
      (coalesce((privacy_settings ->> 'showOnline')::boolean, true)
        and (last_seen_at is null or last_seen_at <= now() - interval '1 minute'))
      or (not coalesce((privacy_settings ->> 'showOnline')::boolean, true) and last_seen_at is not null)
    );
end $$;

-- ---------------------------------------------------------------------------------------------------------------
-- Account deletion: delete_user() of 20261101000500_functions.sql deletes the account. The profile, messages sent
-- and received, likes and push subscriptions go by cascade (each deletion leaving its tombstone); threads and posts
-- stay with author_id null (on delete set null, 20261124000100_member_shapes.sql), which moves their sync_txid, so
-- every device pulls them by "Deleted member". The likes' triggers take back the reputation they gave.

-- ---------------------------------------------------------------------------------------------------------------
-- The members list orders by (reputation desc, id): profiles_reputation_idx of 20261101000100_schema.sql serves it.

-- ---------------------------------------------------------------------------------------------------------------
-- Grants, stated as in 20261101001100_grants.sql (a replaced function keeps its grants).
revoke all on table public.post_likes from anon, authenticated, service_role;
-- anon may ask, and RLS answers no rows (a visitor's mirror pulls every synced table the same way).
grant select on table public.post_likes to anon;
-- Insert on every column: the guard sets created_at and the trigger sync_txid, whatever a client sends.
grant select, insert, delete on table public.post_likes to authenticated;
grant select, insert, update, delete on table public.post_likes to service_role;

revoke execute on function
  public.count_authored_threads(), public.count_authored_replies(), public.guard_post_like_write(),
  public.count_post_like(), public.count_deleted_post_likes(), public.hide_last_seen(), public.touch_last_seen()
from public, anon, authenticated, service_role;
grant execute on function public.touch_last_seen() to authenticated;
