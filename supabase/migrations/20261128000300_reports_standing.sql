-- Issue 30 §2 and §7, reports and roles at scale: three throwaway accounts could hide any post, staff posts
-- included, and a moderator could demote other moderators.
--   * Only reports from members with standing count towards hiding a post: an account at least
--     report_standing_hours old with a reputation of at least report_standing_reputation (public.forum_limits), or
--     staff. Every report still reaches the queue.
--   * Posts by moderators and admins are never hidden by reports.
--   * A member reports at most reports_per_day posts in any 24 hours (0: no limit; staff are exempt). The refusal is
--     the rate limits' PT429 with {"limit": "reports_per_day", "retry_after_s": n} (20261126000300_rate_limits.sql).
--   * dismiss_reporter_reports(reporter): staff dismiss every open report of one member in one action, one audit
--     row; a post those reports hid is shown again unless reports with standing still hide it.
--   * open_reports() also names each post's reporters, so that staff can see who to dismiss.
--   * A moderator changes the role of plain users only (SPEC §6), to user or moderator.
--   * The service role (and the database owner) may set a profile's created_at: an operator importing members keeps
--     their join dates, and the test stacks give reporters standing without changing the rule.

alter table public.forum_limits
  add column report_standing_hours integer not null default 72
    constraint forum_limits_report_standing_hours check (report_standing_hours >= 0),
  add column report_standing_reputation integer not null default 5
    constraint forum_limits_report_standing_reputation check (report_standing_reputation >= 0),
  add column reports_per_day integer not null default 20
    constraint forum_limits_reports_per_day check (reports_per_day >= 0);

-- ---------------------------------------------------------------------------------------------------------------
-- Standing, and who is staff, for any member (is_staff() is about the caller).
create function public.is_staff_member(member uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.profiles
    where id = is_staff_member.member and role in ('moderator', 'admin') and not is_banned
  )
$$;

create function public.has_report_standing(member uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.profiles p cross join public.forum_limits l
    where p.id = has_report_standing.member and not p.is_banned
      and (p.role in ('moderator', 'admin')
           or (p.created_at <= now() - make_interval(hours => l.report_standing_hours)
               and p.reputation >= l.report_standing_reputation))
  )
$$;

-- Whether a post's open reports hide it: three from members with standing, and never a staff member's post.
create function public.reports_hide_post(post uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select not public.is_staff_member((select p.author_id from public.posts p where p.id = reports_hide_post.post))
    and (
      select count(*) from public.post_reports r
      where r.post_id = reports_hide_post.post and r.status = 'open' and public.has_report_standing(r.reporter_id)
    ) >= 3
$$;

-- A new report: its audit row, and the post hidden once its reports hide it. The post's row lock serializes
-- concurrent reports of one post, so two "third" reports cannot both miss the count.
create or replace function public.after_post_report() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  post_author uuid;
  post_thread uuid;
begin
  select author_id, thread_id into post_author, post_thread from public.posts where id = new.post_id for update;
  perform public.write_moderation_log(
    'report_post', post_author, post_thread, new.post_id, new.details, jsonb_build_object('reason', new.reason));
  if public.reports_hide_post(new.post_id) then
    perform public.hold_post(new.post_id);
  end if;
  return null;
end $$;

-- Staff posts hidden under the old rule are shown again.
do $$
begin
  perform public.release_post(p.id)
  from public.posts p
  where p.hidden_at is not null and public.is_staff_member(p.author_id);
end $$;

-- ---------------------------------------------------------------------------------------------------------------
-- The daily cap. The name sorts after guard_post_report_insert, which says first why a report is refused for good
-- (own post, reported already). One member's reports take turns on a transaction lock, so parallel requests on
-- PostgreSQL cannot all pass the count.
create function public.limit_post_reports() returns trigger
language plpgsql set search_path = '' as $$
declare
  limits public.forum_limits;
  oldest_counted timestamptz;
  wait_s integer;
begin
  if not public.is_api_caller() or public.is_staff() then
    return new;
  end if;
  if exists (select 1 from public.post_reports where id = new.id) then
    return new;
  end if;
  select * into limits from public.forum_limits;
  if limits.reports_per_day = 0 then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('guap.post_reports.' || auth.uid()::text, 0));
  -- The limit-th newest report of the last 24 hours: once it is a day old, one more may be made.
  select r.created_at into oldest_counted
  from public.post_reports r
  where r.reporter_id = auth.uid() and r.created_at > now() - interval '1 day'
  order by r.created_at desc
  offset limits.reports_per_day - 1
  limit 1;
  if oldest_counted is not null then
    wait_s := ceil(extract(epoch from oldest_counted + interval '1 day' - now()))::integer;
    perform public.refuse_over_limit(
      format('You can report %s posts a day. Please wait %s.', limits.reports_per_day, public.wait_in_words(wait_s)),
      'reports_per_day', wait_s);
  end if;
  return new;
end $$;

create trigger limit_post_reports before insert on public.post_reports
  for each row execute function public.limit_post_reports();

-- ---------------------------------------------------------------------------------------------------------------
-- Every open report of one member dismissed at once: one audit row, about the reporter. A post those reports hid
-- is shown again unless the reports left still hide it. Returns how many reports were dismissed.
create function public.dismiss_reporter_reports(reporter uuid) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  dismissed integer;
  released integer := 0;
  posts_closed uuid[];
  post uuid;
begin
  if not public.is_staff() then
    raise exception 'Only moderators and admins can dismiss reports' using errcode = '42501';
  end if;
  if dismiss_reporter_reports.reporter is null
     or not exists (select 1 from public.profiles where id = dismiss_reporter_reports.reporter) then
    raise exception 'No member with this id' using errcode = '22023';
  end if;
  -- The posts' row locks first, in one order, as a new report of them takes them (after_post_report).
  perform 1 from public.posts p
  where p.id in (
    select r.post_id from public.post_reports r
    where r.reporter_id = dismiss_reporter_reports.reporter and r.status = 'open'
  )
  order by p.id
  for update;
  with closed as (
    update public.post_reports
    set status = 'dismissed', handled_by = auth.uid(), handled_at = now()
    where reporter_id = dismiss_reporter_reports.reporter and status = 'open'
    returning post_id
  )
  select count(*)::integer, coalesce(array_agg(post_id), '{}') into dismissed, posts_closed
  from closed;
  foreach post in array posts_closed loop
    if not public.reports_hide_post(post) and public.release_post(post) then
      released := released + 1;
    end if;
  end loop;
  if dismissed > 0 then
    perform public.write_moderation_log('dismiss_report', dismiss_reporter_reports.reporter,
      details => jsonb_build_object('reports', dismissed, 'outcome', 'reporter_dismissed', 'posts_shown', released));
  end if;
  return dismissed;
end $$;

-- ---------------------------------------------------------------------------------------------------------------
-- The queue as before, with each post's reporters: id, username, whether they have standing, and how many open
-- reports they have in all (a member reporting everything stands out).
drop function public.open_reports(integer, timestamptz);
create function public.open_reports(max_rows integer default 50, before timestamptz default null)
returns table (
  post_id uuid, thread_id uuid, thread_title text, post_excerpt text, author_id uuid, author_username text,
  report_count integer, reasons text[], details text[], first_reported_at timestamptz,
  last_reported_at timestamptz, hidden boolean, reporters jsonb
)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not public.is_staff() then
    raise exception 'Only moderators and admins can read reports' using errcode = '42501';
  end if;
  if max_rows is null or max_rows not between 1 and 100 then
    raise exception 'max_rows must be between 1 and 100' using errcode = '22023';
  end if;
  return query
  select r.post_id, p.thread_id, t.title, public.notification_excerpt(coalesce(h.content, p.content)),
         p.author_id, a.username, r.report_count, r.reasons, r.details, r.first_reported_at, r.last_reported_at,
         p.hidden_at is not null, r.reporters
  from (
    select pr.post_id, count(*)::integer as report_count,
           array_agg(distinct pr.reason order by pr.reason) as reasons,
           coalesce(array_agg(pr.details order by pr.created_at) filter (where pr.details is not null), '{}') as details,
           min(pr.created_at) as first_reported_at, max(pr.created_at) as last_reported_at,
           jsonb_agg(jsonb_build_object(
             'id', pr.reporter_id,
             'username', rp.username,
             'standing', public.has_report_standing(pr.reporter_id),
             'open_reports', (select count(*) from public.post_reports o
                              where o.reporter_id = pr.reporter_id and o.status = 'open')
           ) order by pr.created_at) as reporters
    from public.post_reports pr
    left join public.profiles rp on rp.id = pr.reporter_id
    where pr.status = 'open'
    group by pr.post_id
  ) r
  join public.posts p on p.id = r.post_id
  join public.threads t on t.id = p.thread_id
  left join public.post_holds h on h.post_id = p.id
  left join public.profiles a on a.id = p.author_id
  where open_reports.before is null or r.last_reported_at < open_reports.before
  order by r.last_reported_at desc, r.post_id
  limit open_reports.max_rows;
end $$;

-- ---------------------------------------------------------------------------------------------------------------
-- Roles (SPEC §6): as in 20261124000200_member_rules.sql, except that a moderator changes the role of plain users
-- only, to user or moderator; the role of another moderator, like an admin's, is for admins.
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
    if old.role = 'moderator' then
      raise exception 'Only admins can change the role of a moderator' using errcode = '42501';
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
-- set_timestamps() as in 20261128000100_wallet.sql, except that a profile's created_at may be set by the service
-- role and the database owner (never through the API roles).
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
  if tg_table_name <> 'profiles' or public.is_api_caller() then
    new.created_at := old.created_at;
  end if;
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
    when 'profiles' then
      array['reputation', 'thread_count', 'reply_count', 'last_seen_at', 'wallet_verified', 'tips_received']
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
-- Grants, stated as in 20261101001100_grants.sql: nothing by default, then each caller by name.
revoke execute on function
  public.is_staff_member(uuid), public.has_report_standing(uuid), public.reports_hide_post(uuid),
  public.limit_post_reports(), public.dismiss_reporter_reports(uuid), public.open_reports(integer, timestamptz)
from public, anon, authenticated, service_role;
grant execute on function
  public.open_reports(integer, timestamptz), public.dismiss_reporter_reports(uuid)
to authenticated;
