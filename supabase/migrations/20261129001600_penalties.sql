-- Silence and suspend, timed, in public.member_penalties, each with a reason the member reads (their own rows).
--   * silence: the member may read, may not write threads, posts or flags, nor edit them; private messages go to
--     staff only;
--   * suspend: the member may write nothing at all, as a ban (threads, posts, messages, likes, flags, their profile);
--   * staff give one for 1, 3, 7 or 30 days with penalize_member(member, kind, days, reason) and end it early with
--     lift_penalty(member, kind); a penalty is in force while now() is before ends_at, so both end by themselves;
--   * a member at trust level 0 whose posts three members flag as spam is silenced until staff decide: a
--     silenced_member item in the review queue, where disagree lifts the silence.
-- A refused write is 42501 (HTTP 403) saying until when and why; details carry {penalty, ends_at, reason}.

create table public.member_penalties (
  id uuid primary key default gen_random_uuid(),
  member_id uuid not null references public.profiles (id) on delete cascade,
  kind text not null constraint member_penalties_kind_valid check (kind in ('silence', 'suspend')),
  reason text not null constraint member_penalties_reason_length check (char_length(btrim(reason)) between 1 and 500),
  starts_at timestamptz not null default now(),
  ends_at timestamptz not null,
  created_by uuid references public.profiles (id) on delete set null,
  lifted_at timestamptz,
  lifted_by uuid references public.profiles (id) on delete set null
);
create index member_penalties_member_idx on public.member_penalties (member_id, kind, ends_at desc)
  where lifted_at is null;

alter table public.member_penalties enable row level security;
create policy member_penalties_select on public.member_penalties for select to authenticated
  using (member_id = (select auth.uid()) or (select public.is_staff()));

-- The penalty of this kind in force for a member, if any.
create function public.penalty_in_force(member uuid, penalty text) returns public.member_penalties
language sql stable security definer set search_path = '' as $$
  select * from public.member_penalties p
  where p.member_id = penalty_in_force.member and p.kind = penalty_in_force.penalty
    and p.lifted_at is null and p.starts_at <= now() and p.ends_at > now()
  order by p.ends_at desc
  limit 1
$$;

-- The caller's own, for the guard, which runs as the caller.
create function public.caller_penalty(penalty text) returns public.member_penalties
language sql stable security definer set search_path = '' as $$
  select * from public.penalty_in_force(auth.uid(), caller_penalty.penalty)
$$;

-- Whether a silenced caller may message this recipient: staff only.
create function public.caller_may_message_silenced(recipient uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select public.is_staff_member(caller_may_message_silenced.recipient)
$$;

create function public.refuse_penalized(p public.member_penalties) returns void
language plpgsql volatile set search_path = '' as $$
begin
  raise exception '%', format('You are %s until %s: %s',
      case p.kind when 'silence' then 'silenced' else 'suspended' end,
      case when p.ends_at = 'infinity' then 'a moderator reviews it'
           else to_char(p.ends_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC' end,
      p.reason)
    using errcode = '42501',
      detail = json_build_object('penalty', p.kind, 'ends_at', p.ends_at, 'reason', p.reason)::text,
      hint = case p.kind when 'silence' then 'You can still read, and send private messages to staff.'
                  else 'You can still read.' end;
end $$;

-- One guard for every table a penalty closes. Its triggers (guard_silence_suspend) sort after each table's own guard
-- (banned, locked, retried) and before the level 0 caps, the watched words and the limits.
-- A retried insert of a row that already landed is answered as it was.
create function public.guard_write_penalty() returns trigger
language plpgsql set search_path = '' as $$
declare
  suspended public.member_penalties;
  silenced public.member_penalties;
  landed boolean;
begin
  if not public.is_api_caller() or auth.uid() is null or public.is_staff() then
    return new;
  end if;
  if tg_op = 'INSERT' then
    execute format('select exists (select 1 from %I.%I where id = $1)', tg_table_schema, tg_table_name)
      into landed using new.id;
    if landed then
      return new;
    end if;
  end if;
  suspended := public.caller_penalty('suspend');
  silenced := public.caller_penalty('silence');
  if suspended.id is null and silenced.id is null then
    return new;
  end if;
  if tg_table_name = 'profiles' then
    if old.id = auth.uid() and suspended.id is not null then
      perform public.refuse_penalized(suspended);
    end if;
    return new;
  end if;
  if tg_table_name = 'messages' then
    if tg_op = 'UPDATE' then
      return new;
    end if;
    if suspended.id is not null then
      perform public.refuse_penalized(suspended);
    end if;
    if not public.caller_may_message_silenced(new.recipient_id) then
      perform public.refuse_penalized(silenced);
    end if;
    return new;
  end if;
  if tg_op = 'UPDATE' then
    if tg_table_name = 'posts' and (new.content, new.images) is not distinct from (old.content, old.images) then
      return new;
    end if;
    if tg_table_name = 'threads' and new.title is not distinct from old.title then
      return new;
    end if;
  end if;
  if suspended.id is not null then
    perform public.refuse_penalized(suspended);
  end if;
  if tg_table_name <> 'post_likes' then
    perform public.refuse_penalized(silenced);
  end if;
  return new;
end $$;

create trigger guard_silence_suspend before insert or update on public.threads
  for each row execute function public.guard_write_penalty();
create trigger guard_silence_suspend before insert or update on public.posts
  for each row execute function public.guard_write_penalty();
create trigger guard_silence_suspend before insert or update on public.messages
  for each row execute function public.guard_write_penalty();
create trigger guard_silence_suspend before insert on public.post_likes
  for each row execute function public.guard_write_penalty();
create trigger guard_silence_suspend before insert on public.post_reports
  for each row execute function public.guard_write_penalty();
create trigger guard_silence_suspend before update on public.profiles
  for each row execute function public.guard_write_penalty();

-- ---------------------------------------------------------------------------------------------------------------
-- Staff's calls. Only an admin penalizes a moderator or an admin; nobody penalizes themselves.
create function public.penalize_member(member uuid, kind text, days integer, reason text) returns public.member_penalties
language plpgsql volatile security definer set search_path = '' as $$
declare
  made public.member_penalties;
begin
  if not public.is_staff() then
    raise exception 'Only moderators and admins can silence or suspend a member' using errcode = '42501';
  end if;
  if penalize_member.member = auth.uid() then
    raise exception 'You cannot silence or suspend yourself' using errcode = '42501';
  end if;
  if penalize_member.kind is null or penalize_member.kind not in ('silence', 'suspend') then
    raise exception 'kind must be silence or suspend' using errcode = '22023';
  end if;
  if penalize_member.days is null or penalize_member.days not in (1, 3, 7, 30) then
    raise exception 'A penalty lasts 1, 3, 7 or 30 days' using errcode = '22023';
  end if;
  if btrim(coalesce(penalize_member.reason, '')) = '' or char_length(btrim(penalize_member.reason)) > 500 then
    raise exception 'Please give the member a reason (at most 500 characters)' using errcode = '22023';
  end if;
  if not exists (select 1 from public.profiles where id = penalize_member.member) then
    raise exception 'No member with this id' using errcode = '22023';
  end if;
  if public.is_staff_member(penalize_member.member) and not public.is_admin() then
    raise exception 'Only admins can silence or suspend a moderator or an admin' using errcode = '42501';
  end if;
  -- A new penalty of a kind replaces the one in force.
  update public.member_penalties p set lifted_at = now(), lifted_by = auth.uid()
  where p.member_id = penalize_member.member and p.kind = penalize_member.kind and p.lifted_at is null
    and p.ends_at > now();
  insert into public.member_penalties (member_id, kind, reason, ends_at, created_by)
  values (penalize_member.member, penalize_member.kind, btrim(penalize_member.reason),
          now() + make_interval(days => penalize_member.days), auth.uid())
  returning * into made;
  perform public.write_moderation_log(penalize_member.kind, penalize_member.member, reason => made.reason,
    details => jsonb_build_object('days', penalize_member.days, 'ends_at', made.ends_at));
  return made;
end $$;

-- Ends a penalty early; returns whether one was in force.
create function public.lift_penalty(member uuid, kind text) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  lifted integer;
begin
  if not public.is_staff() then
    raise exception 'Only moderators and admins can lift a penalty' using errcode = '42501';
  end if;
  if public.is_staff_member(lift_penalty.member) and not public.is_admin() then
    raise exception 'Only admins can lift the penalty of a moderator or an admin' using errcode = '42501';
  end if;
  update public.member_penalties p set lifted_at = now(), lifted_by = auth.uid()
  where p.member_id = lift_penalty.member and p.kind = lift_penalty.kind and p.lifted_at is null
    and p.ends_at > now();
  get diagnostics lifted = row_count;
  if lifted > 0 then
    perform public.write_moderation_log('lift_penalty', lift_penalty.member,
      details => jsonb_build_object('kind', lift_penalty.kind));
  end if;
  return lifted > 0;
end $$;

-- ---------------------------------------------------------------------------------------------------------------
-- Automatic silence: a level 0 member whose posts hold spam flags from three different members, until staff decide.
create function public.silence_flagged_spammer() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  author uuid := (select p.author_id from public.posts p where p.id = new.post_id);
begin
  if new.reason <> 'spam' or author is null or public.is_staff_member(author) or public.trust_level(author) > 0
     or (public.penalty_in_force(author, 'silence')).id is not null then
    return null;
  end if;
  if (select count(distinct r.reporter_id) from public.post_reports r join public.posts p on p.id = r.post_id
      where p.author_id = author and r.reason = 'spam' and r.status = 'open') < 3 then
    return null;
  end if;
  insert into public.member_penalties (member_id, kind, reason, ends_at)
  values (author, 'silence', 'Three members flagged your posts as spam', 'infinity');
  insert into public.reviewables (kind, target_user_id, reason, score)
  values ('silenced_member', author, 'Three members flagged their posts as spam', public.post_flag_score(new.post_id))
  on conflict (target_user_id) where status = 'pending' and kind = 'silenced_member' do nothing;
  return null;
end $$;

create trigger silence_flagged_spammer after insert on public.post_reports
  for each row execute function public.silence_flagged_spammer();

-- Decisions as in 20261129001500_review_queue.sql; on a silenced member, disagree lifts the silence.
create or replace function public.apply_review_decision(item public.reviewables, decision text) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  flags integer := 0;
begin
  if item.kind = 'silenced_member' then
    if decision = 'disagree' then
      update public.member_penalties p set lifted_at = now(), lifted_by = auth.uid()
      where p.member_id = item.target_user_id and p.kind = 'silence' and p.lifted_at is null and p.ends_at > now();
    end if;
    return 0;
  end if;
  perform 1 from public.posts where id = item.post_id for update;
  flags := public.close_reports(item.post_id, case decision
    when 'agree' then 'resolved' when 'disagree' then 'dismissed' else 'ignored' end);
  if decision = 'agree' then
    perform public.hold_post(item.post_id);
  elsif decision = 'disagree' then
    perform public.release_post(item.post_id);
  end if;
  return flags;
end $$;

-- ---------------------------------------------------------------------------------------------------------------
revoke all on table public.member_penalties from anon, authenticated, service_role;
grant select on table public.member_penalties to authenticated, service_role;

revoke execute on function
  public.penalty_in_force(uuid, text), public.caller_penalty(text), public.refuse_penalized(public.member_penalties),
  public.caller_may_message_silenced(uuid), public.guard_write_penalty(), public.penalize_member(uuid, text, integer, text), public.lift_penalty(uuid, text),
  public.silence_flagged_spammer()
from public, anon, authenticated, service_role;
grant execute on function
  public.caller_penalty(text), public.caller_may_message_silenced(uuid), public.refuse_penalized(public.member_penalties),
  public.penalize_member(uuid, text, integer, text), public.lift_penalty(uuid, text)
to authenticated;
