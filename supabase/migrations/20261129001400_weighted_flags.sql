-- Weighted flags replace the flat count of reports from members with standing.
--   * A flag (a row of public.post_reports) scores 1 + its flagger's trust level, staff_flag_score (5) for staff,
--     plus an accuracy bonus from the flagger's decided flags: once they have accuracy_min_decided (5) of them,
--     accuracy_bonus_max (2) times how far their agreed share is above one half (all agreed: the whole bonus; half or
--     fewer: none). The parts are kept on the row when it is made, so a post's score can be explained later.
--   * A post is hidden once its open flags score flag_hide_score (8.3) or more: three level 2 members (3 x 3 = 9) do,
--     three level 1 members (3 x 2 = 6) do not. A staff member's post is never hidden.
--   * Trust level 0 cannot flag. A member still cannot flag their own post (guard_post_report_insert).
--   * Reasons: the spec's (spam, abusive, off_topic, other) plus illegal and something_else; other, illegal and
--     something_else each need a message.
--   * A flag's status: open, resolved (staff agreed), dismissed (staff disagreed) or ignored (staff decided neither;
--     it counts for no accuracy).
-- The settings join the trust thresholds in public.trust_settings.

alter table public.trust_settings
  add column flag_hide_score numeric(6, 2) not null default 8.3
    constraint trust_settings_flag_hide_score check (flag_hide_score > 0),
  add column staff_flag_score numeric(6, 2) not null default 5
    constraint trust_settings_staff_flag_score check (staff_flag_score >= 0),
  add column accuracy_min_decided integer not null default 5
    constraint trust_settings_accuracy_min_decided check (accuracy_min_decided >= 1),
  add column accuracy_bonus_max numeric(6, 2) not null default 2
    constraint trust_settings_accuracy_bonus_max check (accuracy_bonus_max >= 0);

alter table public.post_reports
  drop constraint post_reports_reason_valid,
  add constraint post_reports_reason_valid check (
    reason in ('spam', 'abusive', 'off_topic', 'other', 'illegal', 'something_else')
  ),
  drop constraint post_reports_status_valid,
  add constraint post_reports_status_valid check (status in ('open', 'dismissed', 'resolved', 'ignored')),
  add column trust_level smallint not null default 0,
  add column accuracy_bonus numeric(6, 2) not null default 0,
  add column score numeric(6, 2) not null default 1;

-- Flags made before weights: each scored by its flagger's level today.
update public.post_reports r set trust_level = public.trust_level(r.reporter_id),
  score = case when public.is_staff_member(r.reporter_id) then 5 else 1 + public.trust_level(r.reporter_id) end;

-- ---------------------------------------------------------------------------------------------------------------
-- A flagger's weight now: level, accuracy bonus and score.
create function public.flag_weight(reporter uuid)
returns table (trust_level smallint, accuracy_bonus numeric, score numeric)
language sql stable security definer set search_path = '' as $$
  with decided as (
    select count(*) filter (where f.status = 'resolved') as agreed,
           count(*) filter (where f.status in ('resolved', 'dismissed')) as total
    from public.post_reports f
    where f.reporter_id = flag_weight.reporter
  ),
  parts as (
    select public.trust_level(flag_weight.reporter) as level,
           case when d.total >= s.accuracy_min_decided
                then round(s.accuracy_bonus_max * greatest(0, 2 * d.agreed::numeric / d.total - 1), 2)
                else 0 end as bonus,
           s.staff_flag_score
    from decided d cross join public.trust_settings s
  )
  select p.level, p.bonus,
         case when public.is_staff_member(flag_weight.reporter) then p.staff_flag_score else 1 + p.level end + p.bonus
  from parts p
$$;

-- The caller's own weight, for the guard, which runs as the caller.
create function public.caller_flag_weight()
returns table (trust_level smallint, accuracy_bonus numeric, score numeric)
language sql stable security definer set search_path = '' as $$
  select * from public.flag_weight(auth.uid())
$$;

-- Sorts after guard_post_report_insert (banned, own post, reported already, a message where one is needed) and
-- before limit_post_reports: level 0 is refused before it counts against the day. A retried flag that landed is
-- answered as it was.
create function public.guard_post_report_trust() returns trigger
language plpgsql set search_path = '' as $$
declare
  weight record;
begin
  if public.is_api_caller() then
    if exists (select 1 from public.post_reports where id = new.id) then
      return new;
    end if;
    select * into weight from public.caller_flag_weight();
    if weight.trust_level = 0 and not public.is_staff() then
      raise exception 'New members cannot flag posts yet' using errcode = '42501',
        hint = 'Read a little more of the forum first: flagging opens at trust level 1.';
    end if;
  else
    select * into weight from public.flag_weight(new.reporter_id);
  end if;
  new.details := nullif(btrim(coalesce(new.details, '')), '');
  if new.reason in ('illegal', 'something_else') and new.details is null then
    raise exception 'Please say why you are flagging this post' using errcode = '22023';
  end if;
  new.trust_level := weight.trust_level;
  new.accuracy_bonus := weight.accuracy_bonus;
  new.score := weight.score;
  return new;
end $$;

create trigger guard_post_report_trust before insert on public.post_reports
  for each row execute function public.guard_post_report_trust();

-- A post's open flags' score.
create function public.post_flag_score(post uuid) returns numeric
language sql stable security definer set search_path = '' as $$
  select coalesce(sum(r.score), 0) from public.post_reports r where r.post_id = post_flag_score.post and r.status = 'open'
$$;

-- Whether a post's open flags hide it: their score reaches the setting, and never a staff member's post.
create or replace function public.reports_hide_post(post uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select not public.is_staff_member((select p.author_id from public.posts p where p.id = reports_hide_post.post))
    and public.post_flag_score(reports_hide_post.post) >= (select s.flag_hide_score from public.trust_settings s)
$$;

-- Standing, as the Reports tab shows it: staff, or a member whose flags weigh like an established member's (level 2).
create or replace function public.has_report_standing(member uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select public.is_staff_member(has_report_standing.member)
    or (exists (select 1 from public.profiles p where p.id = has_report_standing.member and not p.is_banned)
        and public.trust_level(has_report_standing.member) >= 2)
$$;

-- Posts hidden under the flat count stay hidden until staff decide: the new weights do not undo a hiding.

-- The Reports tab's queue as before; each reporter also says the level and score their flag was made with.
create or replace function public.open_reports(max_rows integer default 50, before timestamptz default null)
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
             'trust_level', pr.trust_level,
             'score', pr.score,
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
revoke execute on function
  public.flag_weight(uuid), public.caller_flag_weight(), public.guard_post_report_trust(), public.post_flag_score(uuid)
from public, anon, authenticated, service_role;
grant execute on function public.caller_flag_weight() to authenticated;
