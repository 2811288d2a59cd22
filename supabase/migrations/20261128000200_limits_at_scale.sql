-- Issue 30, §3, §4 and two of §7: the posting limits of 20261126000300_rate_limits.sql held for many requests.
--   * One member's limited writes are serialised: each takes a transaction lock keyed on the member before it counts,
--     so parallel requests on PostgreSQL cannot all count the same rows and all pass (PGlite ran one at a time).
--   * The limits count from public.limited_actions, a ledger of each member's limited writes with their time, which
--     deleting the thread, post, message or like does not touch. Rows older than every window are pruned.
--   * New limits, Discourse's defaults, at every role but staff (as the others): threads_per_day (20,
--     max_topics_per_day), likes_per_day (50, max_likes_per_day) and edits_per_day (30 edits of a post's text or
--     images, max_edits_per_day).
--   * A post notifies at most mentions_per_post (20) mentioned members over its whole life, edits included: the
--     members it has notified are kept in public.post_mentions.
-- A refusal has the shape of the others (PT429, details {"limit", "retry_after_s"}), so the app's wait message
-- shows it. A setting of 0 turns its limit off.

alter table public.forum_limits
  add column threads_per_day integer not null default 20
    constraint forum_limits_threads_per_day check (threads_per_day >= 0),
  add column likes_per_day integer not null default 50
    constraint forum_limits_likes_per_day check (likes_per_day >= 0),
  add column edits_per_day integer not null default 30
    constraint forum_limits_edits_per_day check (edits_per_day >= 0),
  add column mentions_per_post integer not null default 20
    constraint forum_limits_mentions_per_post check (mentions_per_post >= 0);

-- ---------------------------------------------------------------------------------------------------------------
-- The ledger. Written only by limit_action() below (security definer): members neither read nor write it.
create table public.limited_actions (
  id bigint generated always as identity primary key,
  member_id uuid not null references public.profiles (id) on delete cascade,
  action text not null constraint limited_actions_action_valid
    check (action in ('thread', 'reply', 'message', 'like', 'edit')),
  -- The thread, post, message or like written (the post edited), so an operator or a test can find the entry.
  row_id uuid,
  at timestamptz not null default now()
);
create index limited_actions_member_idx on public.limited_actions (member_id, action, at desc);
create index limited_actions_row_idx on public.limited_actions (row_id) where row_id is not null;
alter table public.limited_actions enable row level security;

-- What the ledger would have held had it been there: the last day's writes (and a new account's first hours).
insert into public.limited_actions (member_id, action, row_id, at)
select author_id, 'thread', id, created_at from public.threads
where author_id is not null and created_at > now() - interval '2 days'
union all
select author_id, 'reply', id, created_at from public.posts
where author_id is not null and type = 'reply' and created_at > now() - interval '2 days'
union all
select sender_id, 'message', id, created_at from public.messages
where sender_id is not null and created_at > now() - interval '2 days'
union all
select user_id, 'like', id, created_at from public.post_likes
where user_id is not null and created_at > now() - interval '2 days';

-- The count of a member's `action` in the last `seconds`, and when the oldest of the newest `allowed` of them leaves
-- the window: null while fewer than `allowed` are in it.
create function public.limited_action_frees_at(member uuid, kind text, allowed integer, seconds integer)
returns timestamptz
language sql stable set search_path = '' as $$
  select a.at + make_interval(secs => seconds)
  from public.limited_actions a
  where a.member_id = member and a.action = kind and a.at > now() - make_interval(secs => seconds)
  order by a.at desc
  offset allowed - 1
  limit 1
$$;

-- Checks one limited write of the caller against forum_limits, refuses it (PT429) when over, and records it. Called
-- by the limit triggers, which run as the caller (is_api_caller() must see the API role) and skip staff. Security
-- definer so that it can write the ledger; a member calling it directly can only limit themselves.
-- `row_id`: the row being inserted, so that a retried insert of a row that already landed is answered, never
-- refused nor counted twice; null for an edit.
create function public.limit_action(kind text, row_id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := auth.uid();
  limits public.forum_limits;
  joined timestamptz;
  new_account_left integer := 0;
  frees_at timestamptz;
  last_reply timestamptz;
  wait_s integer;
  landed boolean;
begin
  if me is null then
    return;
  end if;
  -- One member's limited writes one at a time, until commit: the next one counts this one. Keyed on the member, so
  -- other members never wait; the first key keeps clear of any other advisory lock.
  perform pg_advisory_xact_lock(hashtext('public.limit_action'), hashtext(me::text));
  -- After the lock, so that a retry sent beside its own first attempt sees the row that attempt committed.
  landed := case kind
    when 'thread' then exists (select 1 from public.threads t where t.id = row_id)
    when 'reply' then exists (select 1 from public.posts p where p.id = row_id)
    when 'message' then exists (select 1 from public.messages m where m.id = row_id)
    when 'like' then exists (select 1 from public.post_likes l where l.id = row_id)
    else false
  end;
  if landed then
    return;
  end if;

  select * into limits from public.forum_limits;
  if kind in ('thread', 'reply') and limits.new_account_hours > 0 then
    select p.created_at into joined from public.profiles p where p.id = me;
    if joined + make_interval(hours => limits.new_account_hours) > now() then
      new_account_left := ceil(extract(epoch from joined + make_interval(hours => limits.new_account_hours) - now()));
    end if;
  end if;

  if kind = 'thread' then
    if new_account_left > 0 and limits.new_account_threads > 0 and public.limited_action_frees_at(
        me, 'thread', limits.new_account_threads, limits.new_account_hours * 3600) is not null then
      perform public.refuse_over_limit(
        format('New accounts can create %s threads in their first day. Please wait %s.',
          limits.new_account_threads, public.wait_in_words(new_account_left)),
        'new_account_threads', new_account_left);
    end if;
    if limits.threads_per_day > 0 then
      frees_at := public.limited_action_frees_at(me, 'thread', limits.threads_per_day, 86400);
      if frees_at is not null then
        wait_s := ceil(extract(epoch from frees_at - now()));
        perform public.refuse_over_limit(
          format('You can create %s threads a day. Please wait %s.', limits.threads_per_day,
            public.wait_in_words(wait_s)),
          'threads_per_day', wait_s);
      end if;
    end if;
  elsif kind = 'reply' then
    if new_account_left > 0 and limits.new_account_replies > 0 and public.limited_action_frees_at(
        me, 'reply', limits.new_account_replies, limits.new_account_hours * 3600) is not null then
      perform public.refuse_over_limit(
        format('New accounts can post %s replies in their first day. Please wait %s.',
          limits.new_account_replies, public.wait_in_words(new_account_left)),
        'new_account_replies', new_account_left);
    end if;
    if limits.post_interval_s > 0 then
      select max(a.at) into last_reply from public.limited_actions a
      where a.member_id = me and a.action = 'reply' and a.at > now() - make_interval(secs => limits.post_interval_s);
      if last_reply is not null then
        wait_s := ceil(extract(epoch from last_reply + make_interval(secs => limits.post_interval_s) - now()));
        perform public.refuse_over_limit(
          format('You are posting too quickly. Please wait %s seconds.', greatest(wait_s, 1)), 'post_interval', wait_s);
      end if;
    end if;
  elsif kind = 'message' then
    if limits.messages_per_day > 0 then
      frees_at := public.limited_action_frees_at(me, 'message', limits.messages_per_day, 86400);
      if frees_at is not null then
        wait_s := ceil(extract(epoch from frees_at - now()));
        perform public.refuse_over_limit(
          format('You can send %s messages a day. Please wait %s.', limits.messages_per_day,
            public.wait_in_words(wait_s)),
          'messages_per_day', wait_s);
      end if;
    end if;
  elsif kind = 'like' then
    if limits.likes_per_day > 0 then
      frees_at := public.limited_action_frees_at(me, 'like', limits.likes_per_day, 86400);
      if frees_at is not null then
        wait_s := ceil(extract(epoch from frees_at - now()));
        perform public.refuse_over_limit(
          format('You can like %s posts a day. Please wait %s.', limits.likes_per_day, public.wait_in_words(wait_s)),
          'likes_per_day', wait_s);
      end if;
    end if;
  elsif kind = 'edit' then
    if limits.edits_per_day > 0 then
      frees_at := public.limited_action_frees_at(me, 'edit', limits.edits_per_day, 86400);
      if frees_at is not null then
        wait_s := ceil(extract(epoch from frees_at - now()));
        perform public.refuse_over_limit(
          format('You can edit posts %s times a day. Please wait %s.', limits.edits_per_day,
            public.wait_in_words(wait_s)),
          'edits_per_day', wait_s);
      end if;
    end if;
  else
    raise exception 'Unknown limited action %', kind using errcode = '22023';
  end if;

  insert into public.limited_actions (member_id, action, row_id) values (me, kind, row_id);
  -- Nothing older than the longest window counts again.
  delete from public.limited_actions a
  where a.member_id = me
    and a.at < now() - greatest(interval '1 day', make_interval(hours => limits.new_account_hours),
      make_interval(secs => limits.post_interval_s));
end $$;

-- ---------------------------------------------------------------------------------------------------------------
-- The triggers: the same names and places as before (after guard_thread_write / guard_post_write), now through the
-- ledger. The opening post of a new thread is no reply: it neither waits nor counts.
create or replace function public.limit_forum_writes() returns trigger
language plpgsql set search_path = '' as $$
begin
  -- A visitor's write is refused by RLS after this; it has no ledger.
  if not public.is_api_caller() or auth.uid() is null or public.is_staff() then
    return new;
  end if;
  if tg_table_name = 'threads' then
    perform public.limit_action('thread', new.id);
  elsif new.type = 'reply' then
    perform public.limit_action('reply', new.id);
  end if;
  return new;
end $$;

create or replace function public.limit_messages() returns trigger
language plpgsql set search_path = '' as $$
begin
  if public.is_api_caller() and auth.uid() is not null and not public.is_staff() then
    perform public.limit_action('message', new.id);
  end if;
  return new;
end $$;

-- Sorts after guard_post_like_write, which answers a retried like and refuses a banned member first.
create function public.limit_post_likes() returns trigger
language plpgsql set search_path = '' as $$
begin
  if public.is_api_caller() and auth.uid() is not null and not public.is_staff() then
    perform public.limit_action('like', new.id);
  end if;
  return new;
end $$;

create trigger limit_post_likes before insert on public.post_likes
  for each row execute function public.limit_post_likes();

-- An edit of a post's text or images. A retried edit matches no row (its base version is gone), so it fires nothing.
-- Sorts after guard_post_write, which refuses edits of hidden posts and of other columns first.
create function public.limit_post_edits() returns trigger
language plpgsql set search_path = '' as $$
begin
  if public.is_api_caller() and auth.uid() is not null and not public.is_staff() then
    perform public.limit_action('edit', null);
  end if;
  return new;
end $$;

create trigger limit_post_edits before update of content, images on public.posts
  for each row when ((old.content, old.images) is distinct from (new.content, new.images))
  execute function public.limit_post_edits();

-- ---------------------------------------------------------------------------------------------------------------
-- Mentions over a post's life. A member is listed once per post, whether the mention notified them or they already
-- had the post's 'reply'; a member dropped from the text and named again is not listed twice.
create table public.post_mentions (
  post_id uuid not null references public.posts (id) on delete cascade,
  -- No reference: a mentioned member deleting their account frees no room.
  member_id uuid not null,
  primary key (post_id, member_id)
);
alter table public.post_mentions enable row level security;

insert into public.post_mentions (post_id, member_id)
select n.post_id, n.recipient_id from public.notifications n where n.kind = 'mention'
on conflict do nothing;

-- As in 20261125000100_notifications.sql, but a mention notifies only while the post has named fewer than
-- mentions_per_post members over its life. An edit notifies only members it names for the first time.
create or replace function public.notify_post() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  cap integer := (select l.mentions_per_post from public.forum_limits l);
  room integer;
begin
  if cap > 0 then
    room := greatest(cap - (select count(*) from public.post_mentions pm where pm.post_id = new.id), 0);
  end if;
  with named as (
    insert into public.post_mentions (post_id, member_id)
    select new.id, m.id
    from public.mentioned_members(new.content) m(id)
    where m.id is distinct from new.author_id
      and not exists (select 1 from public.post_mentions pm where pm.post_id = new.id and pm.member_id = m.id)
    limit room
    on conflict do nothing
    returning member_id
  )
  insert into public.notifications (recipient_id, actor_id, kind, thread_id, post_id)
  select named.member_id, new.author_id, 'mention', new.thread_id, new.id
  from named
  on conflict (recipient_id, post_id) where kind in ('reply', 'mention') do nothing;
  if tg_op = 'INSERT' and new.type = 'reply' then
    insert into public.notifications (recipient_id, actor_id, kind, thread_id, post_id)
    select r.id, new.author_id, 'reply', new.thread_id, new.id
    from (
      select t.author_id as id from public.threads t where t.id = new.thread_id
      union
      select p.author_id from public.posts p where p.thread_id = new.thread_id and p.type = 'reply' and p.id <> new.id
    ) r
    where r.id is not null and r.id is distinct from new.author_id
    on conflict (recipient_id, post_id) where kind in ('reply', 'mention') do nothing;
  end if;
  return null;
end $$;

-- ---------------------------------------------------------------------------------------------------------------
-- Grants: nothing on the two tables for the API roles (RLS is on and has no policy); the triggers run as the caller,
-- so members execute limit_action and its helper.
revoke all on table public.limited_actions, public.post_mentions from anon, authenticated, service_role;
revoke all on sequence public.limited_actions_id_seq from anon, authenticated, service_role;

revoke execute on function
  public.limited_action_frees_at(uuid, text, integer, integer), public.limit_action(text, uuid),
  public.limit_post_likes(), public.limit_post_edits()
from public, anon, authenticated, service_role;
grant execute on function public.limit_action(text, uuid) to authenticated;
