-- Issue 14, rate limits and anti-spam, enforced by the database with Discourse's defaults. Staff are exempt.
--   * one reply per post_interval_s (5) seconds per member; the opening post of a new thread neither waits nor
--     makes the next reply wait;
--   * in an account's first new_account_hours (24): at most new_account_threads (3) threads and
--     new_account_replies (10) replies;
--   * at most messages_per_day (20) private messages in any 24 hours.
-- A setting of 0 turns its limit off. A refusal is SQLSTATE PT429, which PostgREST (and the local stack) answer with
-- HTTP 429 and the body {code, message, details, hint}; details is JSON text
-- {"limit": "post_interval" | "new_account_threads" | "new_account_replies" | "messages_per_day",
--  "retry_after_s": n >= 1}, so a client can wait and retry. A retried insert of a row that already landed (same id)
-- is never refused.
-- The settings are one row of public.forum_limits: everyone reads it (the app can explain a wait), only the service
-- role writes it through the API (test stacks and the browser tests relax it; an operator may tune it).

create table public.forum_limits (
  id boolean primary key default true constraint forum_limits_one_row check (id),
  post_interval_s integer not null default 5 constraint forum_limits_post_interval check (post_interval_s >= 0),
  new_account_hours integer not null default 24 constraint forum_limits_new_account_hours check (new_account_hours >= 0),
  new_account_threads integer not null default 3
    constraint forum_limits_new_account_threads check (new_account_threads >= 0),
  new_account_replies integer not null default 10
    constraint forum_limits_new_account_replies check (new_account_replies >= 0),
  messages_per_day integer not null default 20 constraint forum_limits_messages_per_day check (messages_per_day >= 0)
);
insert into public.forum_limits default values;

alter table public.forum_limits enable row level security;
create policy forum_limits_select on public.forum_limits for select to anon, authenticated using (true);

-- A wait in words: '45 seconds', '1 minute', '23 hours'.
create function public.wait_in_words(seconds integer) returns text
language sql immutable set search_path = '' as $$
  select case
    when seconds >= 7200 then ceil(seconds / 3600.0)::integer || ' hours'
    when seconds >= 3600 then '1 hour'
    when seconds >= 120 then ceil(seconds / 60.0)::integer || ' minutes'
    when seconds >= 60 then '1 minute'
    when seconds = 1 then '1 second'
    else greatest(seconds, 1) || ' seconds'
  end
$$;

create function public.refuse_over_limit(message text, limit_name text, retry_after_s integer) returns void
language plpgsql volatile set search_path = '' as $$
begin
  raise exception '%', message using
    errcode = 'PT429',
    detail = json_build_object('limit', limit_name, 'retry_after_s', greatest(retry_after_s, 1))::text,
    hint = 'Wait, then send it again.';
end $$;

-- Seconds left of the caller's first new_account_hours, 0 once the account is older (or the limit is off).
create function public.new_account_seconds_left(limits public.forum_limits) returns integer
language sql stable set search_path = '' as $$
  select coalesce((
    select ceil(extract(epoch from p.created_at + make_interval(hours => limits.new_account_hours) - now()))::integer
    from public.profiles p
    where p.id = auth.uid() and limits.new_account_hours > 0
      and p.created_at + make_interval(hours => limits.new_account_hours) > now()
  ), 0)
$$;

-- Threads and posts. The name sorts after guard_thread_write / guard_post_write, which refuse banned members and
-- locked threads first, and before the rest of the insert triggers.
create function public.limit_forum_writes() returns trigger
language plpgsql set search_path = '' as $$
declare
  limits public.forum_limits;
  me uuid := auth.uid();
  left_s integer;
  last_post timestamptz;
  wait_s integer;
begin
  if not public.is_api_caller() or public.is_staff() then
    return new;
  end if;
  if tg_table_name = 'threads' then
    if exists (select 1 from public.threads where id = new.id) then
      return new;
    end if;
  elsif exists (select 1 from public.posts where id = new.id) then
    return new;
  end if;
  select * into limits from public.forum_limits;
  left_s := public.new_account_seconds_left(limits);
  if tg_table_name = 'threads' then
    if left_s > 0 and (select count(*) from public.threads t where t.author_id = me) >= limits.new_account_threads then
      perform public.refuse_over_limit(
        format('New accounts can create %s threads in their first day. Please wait %s.',
          limits.new_account_threads, public.wait_in_words(left_s)),
        'new_account_threads', left_s);
    end if;
    return new;
  end if;
  if new.type = 'thread' then
    return new;
  end if;
  if left_s > 0 and (select count(*) from public.posts p where p.author_id = me and p.type = 'reply')
     >= limits.new_account_replies then
    perform public.refuse_over_limit(
      format('New accounts can post %s replies in their first day. Please wait %s.',
        limits.new_account_replies, public.wait_in_words(left_s)),
      'new_account_replies', left_s);
  end if;
  if limits.post_interval_s > 0 then
    -- posts_author_replies_idx of 20261124000300_member_activity.sql finds it.
    select max(p.created_at) into last_post from public.posts p where p.author_id = me and p.type = 'reply';
    if last_post is not null and last_post > now() - make_interval(secs => limits.post_interval_s) then
      wait_s := ceil(extract(epoch from last_post + make_interval(secs => limits.post_interval_s) - now()))::integer;
      perform public.refuse_over_limit(
        format('You are posting too quickly. Please wait %s seconds.', greatest(wait_s, 1)), 'post_interval', wait_s);
    end if;
  end if;
  return new;
end $$;

create trigger limit_forum_writes before insert on public.threads
  for each row execute function public.limit_forum_writes();
create trigger limit_forum_writes before insert on public.posts
  for each row execute function public.limit_forum_writes();

create function public.limit_messages() returns trigger
language plpgsql set search_path = '' as $$
declare
  limits public.forum_limits;
  oldest_counted timestamptz;
  wait_s integer;
begin
  if not public.is_api_caller() or public.is_staff() then
    return new;
  end if;
  if exists (select 1 from public.messages where id = new.id) then
    return new;
  end if;
  select * into limits from public.forum_limits;
  if limits.messages_per_day = 0 then
    return new;
  end if;
  -- The limit-th newest message of the last 24 hours: once it is a day old, one more may be sent.
  select m.created_at into oldest_counted
  from public.messages m
  where m.sender_id = auth.uid() and m.created_at > now() - interval '1 day'
  order by m.created_at desc
  offset limits.messages_per_day - 1
  limit 1;
  if oldest_counted is not null then
    wait_s := ceil(extract(epoch from oldest_counted + interval '1 day' - now()))::integer;
    perform public.refuse_over_limit(
      format('You can send %s messages a day. Please wait %s.', limits.messages_per_day,
        public.wait_in_words(wait_s)),
      'messages_per_day', wait_s);
  end if;
  return new;
end $$;

create trigger limit_messages before insert on public.messages
  for each row execute function public.limit_messages();

-- ---------------------------------------------------------------------------------------------------------------
-- Grants, stated as in 20261124000200_member_rules.sql: nothing by default, then each caller by name. The limit
-- triggers run as the caller (is_api_caller() must see the API role), so members execute their helpers.
revoke all on table public.forum_limits from anon, authenticated, service_role;
grant select on table public.forum_limits to anon, authenticated;
grant select, update on table public.forum_limits to service_role;

revoke execute on function
  public.wait_in_words(integer), public.refuse_over_limit(text, text, integer),
  public.new_account_seconds_left(public.forum_limits), public.limit_forum_writes(), public.limit_messages()
from public, anon, authenticated, service_role;
grant execute on function
  public.wait_in_words(integer), public.refuse_over_limit(text, text, integer),
  public.new_account_seconds_left(public.forum_limits)
to authenticated;
