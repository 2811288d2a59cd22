-- Trust levels 0 to 3, computed by the database from what a member has done, as Discourse's are:
--   * account age (days since the profile was made), days visited (public.member_visit_days, one row per day the
--     member's app pulled), posts read (the sum of their read positions, public.thread_reads), posts written
--     (thread_count + reply_count), likes received (reputation) and flags agreed (their reports staff resolved);
--   * a level is reached when every one of its thresholds is met; the thresholds live in the one row of
--     public.trust_settings, which everyone reads and only the service role writes through the API (as forum_limits);
--   * staff set a level by hand with set_trust_level(member, level): it sticks (public.trust_level_locks) until they
--     clear it with a null level. The service role may write that table directly (operators, test stacks).
-- trust_level(member) is the level in force; member_trust(member) explains it to staff and to the member.

create table public.trust_settings (
  id boolean primary key default true constraint trust_settings_one_row check (id),
  tl1_account_days integer not null default 1,
  tl1_days_visited integer not null default 0,
  tl1_posts_read integer not null default 5,
  tl1_posts_written integer not null default 0,
  tl1_likes_received integer not null default 0,
  tl1_flags_agreed integer not null default 0,
  tl2_account_days integer not null default 7,
  tl2_days_visited integer not null default 10,
  tl2_posts_read integer not null default 100,
  tl2_posts_written integer not null default 3,
  tl2_likes_received integer not null default 1,
  tl2_flags_agreed integer not null default 0,
  tl3_account_days integer not null default 60,
  tl3_days_visited integer not null default 50,
  tl3_posts_read integer not null default 500,
  tl3_posts_written integer not null default 30,
  tl3_likes_received integer not null default 20,
  tl3_flags_agreed integer not null default 1,
  constraint trust_settings_not_negative check (least(
    tl1_account_days, tl1_days_visited, tl1_posts_read, tl1_posts_written, tl1_likes_received, tl1_flags_agreed,
    tl2_account_days, tl2_days_visited, tl2_posts_read, tl2_posts_written, tl2_likes_received, tl2_flags_agreed,
    tl3_account_days, tl3_days_visited, tl3_posts_read, tl3_posts_written, tl3_likes_received, tl3_flags_agreed
  ) >= 0)
);
insert into public.trust_settings default values;

alter table public.trust_settings enable row level security;
create policy trust_settings_select on public.trust_settings for select to anon, authenticated using (true);

-- ---------------------------------------------------------------------------------------------------------------
-- Days visited: touch_last_seen() (every pull of the sync engine) records the day, whatever the member's privacy.
create table public.member_visit_days (
  member_id uuid not null references public.profiles (id) on delete cascade,
  day date not null,
  primary key (member_id, day)
);
alter table public.member_visit_days enable row level security;

create or replace function public.touch_last_seen() returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := auth.uid();
begin
  if me is null then
    raise exception 'You must be signed in' using errcode = '42501';
  end if;
  insert into public.member_visit_days (member_id, day)
  select me, (now() at time zone 'UTC')::date
  where exists (select 1 from public.profiles where id = me)
  on conflict do nothing;
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
-- Levels set by hand.
create table public.trust_level_locks (
  member_id uuid primary key references public.profiles (id) on delete cascade,
  level smallint not null constraint trust_level_locks_level check (level between 0 and 3),
  set_by uuid references public.profiles (id) on delete set null,
  set_at timestamptz not null default now()
);
alter table public.trust_level_locks enable row level security;
create policy trust_level_locks_select on public.trust_level_locks for select to authenticated
  using (member_id = (select auth.uid()) or (select public.is_staff()));

-- ---------------------------------------------------------------------------------------------------------------
-- What a member has done, as the thresholds count it.
create function public.trust_metrics(member uuid)
returns table (
  account_days integer, days_visited integer, posts_read integer, posts_written integer, likes_received integer,
  flags_agreed integer
)
language sql stable security definer set search_path = '' as $$
  select floor(extract(epoch from now() - p.created_at) / 86400)::integer,
         (select count(*)::integer from public.member_visit_days v where v.member_id = p.id),
         (select coalesce(sum(r.last_read_post_number), 0)::integer from public.thread_reads r where r.user_id = p.id),
         p.thread_count + p.reply_count,
         p.reputation,
         (select count(*)::integer from public.post_reports f where f.reporter_id = p.id and f.status = 'resolved')
  from public.profiles p
  where p.id = trust_metrics.member
$$;

-- The highest level whose every threshold the member meets.
create function public.computed_trust_level(member uuid) returns smallint
language sql stable security definer set search_path = '' as $$
  select (case
    when m.account_days >= s.tl3_account_days and m.days_visited >= s.tl3_days_visited
         and m.posts_read >= s.tl3_posts_read and m.posts_written >= s.tl3_posts_written
         and m.likes_received >= s.tl3_likes_received and m.flags_agreed >= s.tl3_flags_agreed then 3
    when m.account_days >= s.tl2_account_days and m.days_visited >= s.tl2_days_visited
         and m.posts_read >= s.tl2_posts_read and m.posts_written >= s.tl2_posts_written
         and m.likes_received >= s.tl2_likes_received and m.flags_agreed >= s.tl2_flags_agreed then 2
    when m.account_days >= s.tl1_account_days and m.days_visited >= s.tl1_days_visited
         and m.posts_read >= s.tl1_posts_read and m.posts_written >= s.tl1_posts_written
         and m.likes_received >= s.tl1_likes_received and m.flags_agreed >= s.tl1_flags_agreed then 1
    else 0
  end)::smallint
  from public.trust_metrics(computed_trust_level.member) m cross join public.trust_settings s
$$;

-- The level in force: the one set by hand, else the computed one; 0 for no such member.
create function public.trust_level(member uuid) returns smallint
language sql stable security definer set search_path = '' as $$
  select coalesce(
    (select l.level from public.trust_level_locks l where l.member_id = trust_level.member),
    public.computed_trust_level(trust_level.member),
    0::smallint
  )
$$;

-- The member card's explanation, for staff and for the member themselves.
create function public.member_trust(member uuid)
returns table (
  level smallint, computed_level smallint, locked boolean, account_days integer, days_visited integer,
  posts_read integer, posts_written integer, likes_received integer, flags_agreed integer
)
language plpgsql stable security definer set search_path = '' as $$
begin
  if member_trust.member is distinct from auth.uid() and not public.is_staff() then
    raise exception 'Only moderators and admins can read another member''s trust level' using errcode = '42501';
  end if;
  return query
  select public.trust_level(member_trust.member), public.computed_trust_level(member_trust.member),
         exists (select 1 from public.trust_level_locks l where l.member_id = member_trust.member),
         m.account_days, m.days_visited, m.posts_read, m.posts_written, m.likes_received, m.flags_agreed
  from public.trust_metrics(member_trust.member) m;
end $$;

-- ---------------------------------------------------------------------------------------------------------------
-- The audit log learns the moderation actions of this and the next migrations.
alter table public.moderation_log drop constraint moderation_log_action_valid,
  add constraint moderation_log_action_valid check (action in (
    'role_change', 'ban', 'unban', 'delete_post', 'delete_thread', 'pin', 'unpin', 'lock', 'unlock', 'mark_ad',
    'unmark_ad', 'move_thread', 'report_post', 'dismiss_report', 'resolve_report', 'trust_level', 'review_agree',
    'review_disagree', 'review_ignore', 'silence', 'suspend', 'lift_penalty', 'watched_word'
  ));

-- Staff set a member's level (0 to 3), or clear it with null so the computed one counts again.
create function public.set_trust_level(member uuid, level integer) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  before smallint;
begin
  if not public.is_staff() then
    raise exception 'Only moderators and admins can set a trust level' using errcode = '42501';
  end if;
  if set_trust_level.member = auth.uid() then
    raise exception 'You cannot set your own trust level' using errcode = '42501';
  end if;
  if set_trust_level.level is not null and set_trust_level.level not between 0 and 3 then
    raise exception 'A trust level is 0, 1, 2 or 3' using errcode = '22023';
  end if;
  if not exists (select 1 from public.profiles where id = set_trust_level.member) then
    raise exception 'No member with this id' using errcode = '22023';
  end if;
  before := public.trust_level(set_trust_level.member);
  if set_trust_level.level is null then
    delete from public.trust_level_locks where member_id = set_trust_level.member;
  else
    insert into public.trust_level_locks (member_id, level, set_by)
    values (set_trust_level.member, set_trust_level.level, auth.uid())
    on conflict (member_id) do update set level = excluded.level, set_by = excluded.set_by, set_at = now();
  end if;
  perform public.write_moderation_log('trust_level', set_trust_level.member, details => jsonb_build_object(
    'from', before, 'to', public.trust_level(set_trust_level.member), 'locked', set_trust_level.level is not null));
end $$;

-- ---------------------------------------------------------------------------------------------------------------
-- Grants, stated as in 20261101001100_grants.sql: nothing by default, then each caller by name.
revoke all on table public.trust_settings, public.member_visit_days, public.trust_level_locks
from anon, authenticated, service_role;
grant select on table public.trust_settings to anon, authenticated;
grant select, update on table public.trust_settings to service_role;
grant select on table public.trust_level_locks to authenticated;
grant select, insert, update, delete on table public.trust_level_locks to service_role;

revoke execute on function
  public.trust_metrics(uuid), public.computed_trust_level(uuid), public.trust_level(uuid), public.member_trust(uuid),
  public.set_trust_level(uuid, integer)
from public, anon, authenticated, service_role;
grant execute on function public.member_trust(uuid), public.set_trust_level(uuid, integer) to authenticated;
