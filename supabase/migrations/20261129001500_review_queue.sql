-- The review queue: one item per thing staff must decide, in public.reviewables.
--   * kinds: flagged_post (a post with open flags; its score is their sum), held_post (a post held for approval
--     before anyone saw it: hold_for_review()), silenced_member (a member silenced until staff decide);
--   * status pending until decided: agreed, disagreed or ignored. Every change moves the item's version;
--   * review_decide(item, item_version, decision) decides with the version the moderator saw. A stale version, or an item
--     decided already, answers SQLSTATE PT409, which PostgREST (and the local stack) answer with HTTP 409, and the
--     body's details carry the item's status and version now, so the screen can show the newer state;
--   * a decision closes the post's open flags (agree: resolved, disagree: dismissed, ignore: ignored), which is the
--     flaggers' record their accuracy bonus counts from, and writes its row in the audit log;
--   * dismiss_reports, resolve_reports and the others of the Reports tab keep working: the item follows its flags.
-- Staff read the queue with review_queue(); the table has no API writes.

create table public.reviewables (
  id uuid primary key default gen_random_uuid(),
  kind text not null constraint reviewables_kind_valid check (kind in ('flagged_post', 'held_post', 'silenced_member')),
  post_id uuid references public.posts (id) on delete cascade,
  target_user_id uuid references public.profiles (id) on delete cascade,
  status text not null default 'pending'
    constraint reviewables_status_valid check (status in ('pending', 'agreed', 'disagreed', 'ignored')),
  score numeric(8, 2) not null default 0,
  -- Why the item is here, in words staff read: the watched word or rule that held a post, a silence's reason.
  reason text,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  decided_by uuid references public.profiles (id) on delete set null,
  decided_at timestamptz,
  constraint reviewables_has_subject check (post_id is not null or kind = 'silenced_member'),
  constraint reviewables_member_subject check (kind <> 'silenced_member' or target_user_id is not null)
);
-- One pending item per post and kind, and per silenced member.
create unique index reviewables_pending_post_idx on public.reviewables (post_id, kind)
  where status = 'pending' and post_id is not null;
create unique index reviewables_pending_member_idx on public.reviewables (target_user_id)
  where status = 'pending' and kind = 'silenced_member';
-- The queue: by status, highest score first, keyset paged by (score, id).
create index reviewables_queue_idx on public.reviewables (status, score desc, id desc);
create index reviewables_target_idx on public.reviewables (target_user_id) where target_user_id is not null;

alter table public.reviewables enable row level security;
create policy reviewables_select_staff on public.reviewables for select to authenticated
  using ((select public.is_staff()));

-- ---------------------------------------------------------------------------------------------------------------
-- A post's flags keep its flagged_post item: made at the first open flag, its score the open flags' sum. When the
-- Reports tab's calls close the last open flags, the item is decided as they were (resolved: agreed, dismissed:
-- disagreed). The post's row lock (after_post_report, and each closing call) serializes these.
create function public.sync_flag_review(post uuid, closed_as text) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  open_score numeric := public.post_flag_score(sync_flag_review.post);
  open_flags boolean := exists (
    select 1 from public.post_reports r where r.post_id = sync_flag_review.post and r.status = 'open');
begin
  if open_flags then
    insert into public.reviewables (kind, post_id, target_user_id, score)
    select 'flagged_post', p.id, p.author_id, open_score from public.posts p where p.id = sync_flag_review.post
    on conflict (post_id, kind) where status = 'pending' and post_id is not null
    do update set score = excluded.score, version = public.reviewables.version + 1, updated_at = now()
    where public.reviewables.score is distinct from excluded.score;
    return;
  end if;
  update public.reviewables
  set status = case sync_flag_review.closed_as
        when 'resolved' then 'agreed' when 'dismissed' then 'disagreed' else 'ignored' end,
      score = 0, version = version + 1, updated_at = now(), decided_by = auth.uid(), decided_at = now()
  where post_id = sync_flag_review.post and kind = 'flagged_post' and status = 'pending';
end $$;

create function public.queue_flagged_post() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform public.sync_flag_review(new.post_id, new.status);
  return null;
end $$;

create trigger queue_flagged_post after insert on public.post_reports
  for each row execute function public.queue_flagged_post();
create trigger queue_flagged_post_closed after update of status on public.post_reports
  for each row when (old.status is distinct from new.status) execute function public.queue_flagged_post();

-- Flags open today join the queue.
insert into public.reviewables (kind, post_id, target_user_id, score, created_at)
select 'flagged_post', p.id, p.author_id, public.post_flag_score(p.id), min(r.created_at)
from public.posts p join public.post_reports r on r.post_id = p.id and r.status = 'open'
group by p.id, p.author_id;

-- ---------------------------------------------------------------------------------------------------------------
-- Holds a post for approval: hidden as a flagged post is (its text in post_holds), with a held_post item saying why.
create function public.hold_for_review(post uuid, why text) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform public.hold_post(hold_for_review.post);
  insert into public.reviewables (kind, post_id, target_user_id, reason)
  select 'held_post', p.id, p.author_id, hold_for_review.why from public.posts p where p.id = hold_for_review.post
  on conflict (post_id, kind) where status = 'pending' and post_id is not null do nothing;
end $$;

-- ---------------------------------------------------------------------------------------------------------------
-- Refuses a stale decision: 409 with the item's state now.
create function public.refuse_stale_review(item public.reviewables) returns void
language plpgsql volatile set search_path = '' as $$
begin
  raise exception 'Someone else has acted on this item: it is % now', item.status using
    errcode = 'PT409',
    detail = json_build_object('status', item.status, 'version', item.version)::text,
    hint = 'Read the item again, then decide.';
end $$;

-- What a decision does to its subject; the silenced_member kind is the penalties migration's.
create function public.apply_review_decision(item public.reviewables, decision text) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  flags integer := 0;
begin
  if item.post_id is null then
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

create function public.review_decide(item uuid, item_version integer, decision text)
returns table (id uuid, status text, version integer)
language plpgsql volatile security definer set search_path = '' as $$
declare
  it public.reviewables;
  flags integer;
  post_thread uuid;
begin
  if not public.is_staff() then
    raise exception 'Only moderators and admins can decide review items' using errcode = '42501';
  end if;
  if review_decide.decision is null or review_decide.decision not in ('agree', 'disagree', 'ignore') then
    raise exception 'decision must be agree, disagree or ignore' using errcode = '22023';
  end if;
  select * into it from public.reviewables r where r.id = review_decide.item for update;
  if not found then
    raise exception 'No review item with this id' using errcode = '22023';
  end if;
  if it.status <> 'pending' or it.version is distinct from review_decide.item_version then
    perform public.refuse_stale_review(it);
  end if;
  -- Decided first, so the flags closing below leave the item as this decision says.
  update public.reviewables r
  set status = case review_decide.decision
        when 'agree' then 'agreed' when 'disagree' then 'disagreed' else 'ignored' end,
      version = r.version + 1, updated_at = now(), decided_by = auth.uid(), decided_at = now()
  where r.id = it.id;
  flags := public.apply_review_decision(it, review_decide.decision);
  select p.thread_id into post_thread from public.posts p where p.id = it.post_id;
  perform public.write_moderation_log('review_' || review_decide.decision, it.target_user_id, post_thread,
    it.post_id, it.reason,
    jsonb_build_object('item', it.id, 'kind', it.kind, 'score', it.score, 'flags', flags));
  return query select r.id, r.status, r.version from public.reviewables r where r.id = it.id;
end $$;

-- ---------------------------------------------------------------------------------------------------------------
-- The queue, highest score first, each item with its flags: who, why, and what each flag scored of the total.
create function public.review_queue(
  with_status text default 'pending',
  max_rows integer default 50,
  after_score numeric default null,
  after_id uuid default null
)
returns table (
  id uuid, kind text, status text, score numeric, version integer, reason text, created_at timestamptz,
  post_id uuid, thread_id uuid, thread_title text, post_excerpt text, target_user_id uuid, target_username text,
  flags jsonb
)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not public.is_staff() then
    raise exception 'Only moderators and admins can read the review queue' using errcode = '42501';
  end if;
  if max_rows is null or max_rows not between 1 and 100 then
    raise exception 'max_rows must be between 1 and 100' using errcode = '22023';
  end if;
  if with_status is null or with_status not in ('pending', 'agreed', 'disagreed', 'ignored') then
    raise exception 'with_status must be pending, agreed, disagreed or ignored' using errcode = '22023';
  end if;
  if (after_score is null) <> (after_id is null) then
    raise exception 'after_score and after_id go together' using errcode = '22023';
  end if;
  return query
  select r.id, r.kind, r.status, r.score, r.version, r.reason, r.created_at, r.post_id, p.thread_id, t.title,
         public.notification_excerpt(coalesce(h.content, p.content)), r.target_user_id, a.username,
         coalesce((
           select jsonb_agg(jsonb_build_object(
             'reporter_id', f.reporter_id, 'username', fp.username, 'reason', f.reason, 'details', f.details,
             'trust_level', f.trust_level, 'accuracy_bonus', f.accuracy_bonus, 'score', f.score,
             'status', f.status, 'created_at', f.created_at
           ) order by f.created_at)
           from public.post_reports f left join public.profiles fp on fp.id = f.reporter_id
           where f.post_id = r.post_id and r.kind = 'flagged_post'
             and (f.status = 'open' or r.status <> 'pending')
         ), '[]'::jsonb)
  from (
    select q.* from public.reviewables q
    where q.status = review_queue.with_status
      and (review_queue.after_id is null
           or (q.score, q.id) < (review_queue.after_score, review_queue.after_id))
    order by q.score desc, q.id desc
    limit review_queue.max_rows
  ) r
  left join public.posts p on p.id = r.post_id
  left join public.threads t on t.id = p.thread_id
  left join public.post_holds h on h.post_id = r.post_id
  left join public.profiles a on a.id = r.target_user_id
  order by r.score desc, r.id desc;
end $$;

-- The sidebar's count.
create function public.review_pending_count() returns bigint
language plpgsql stable security definer set search_path = '' as $$
begin
  if not public.is_staff() then
    raise exception 'Only moderators and admins can read the review queue' using errcode = '42501';
  end if;
  return (select count(*) from public.reviewables where status = 'pending');
end $$;

-- ---------------------------------------------------------------------------------------------------------------
revoke all on table public.reviewables from anon, authenticated, service_role;
grant select on table public.reviewables to authenticated, service_role;

revoke execute on function
  public.sync_flag_review(uuid, text), public.queue_flagged_post(), public.hold_for_review(uuid, text),
  public.refuse_stale_review(public.reviewables), public.apply_review_decision(public.reviewables, text),
  public.review_decide(uuid, integer, text), public.review_queue(text, integer, numeric, uuid),
  public.review_pending_count()
from public, anon, authenticated, service_role;
grant execute on function
  public.review_decide(uuid, integer, text), public.review_queue(text, integer, numeric, uuid),
  public.review_pending_count()
to authenticated;
