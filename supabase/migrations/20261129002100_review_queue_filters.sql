-- The review queue filtered in the database, so a filter reaches past the first page: review_queue() takes, besides
-- status and the keyset, each optional (null for all):
--   * with_kind: flagged_post, held_post or silenced_member;
--   * with_reason: a flag reason; the flagged posts with such a flag (open ones while pending, any once decided,
--     the flags the item shows);
--   * in_category: a category's id; the items on a post in a thread of that category;
--   * by_author: a username, any case; the items whose member (the post's author, the silenced member) it is;
--   * queued_from, queued_before: the items queued at or after the one and before the other.
-- A bad value answers 22023 (HTTP 400) saying which. The rows and their order are as before.

drop function public.review_queue(text, integer, numeric, uuid);

create function public.review_queue(
  with_status text default 'pending',
  max_rows integer default 50,
  after_score numeric default null,
  after_id uuid default null,
  with_kind text default null,
  with_reason text default null,
  in_category uuid default null,
  by_author text default null,
  queued_from timestamptz default null,
  queued_before timestamptz default null
)
returns table (
  id uuid, kind text, status text, score numeric, version integer, reason text, created_at timestamptz,
  post_id uuid, thread_id uuid, thread_title text, post_excerpt text, target_user_id uuid, target_username text,
  flags jsonb
)
language plpgsql stable security definer set search_path = '' as $$
declare
  author uuid;
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
  if with_kind is not null and with_kind not in ('flagged_post', 'held_post', 'silenced_member') then
    raise exception 'with_kind must be flagged_post, held_post or silenced_member' using errcode = '22023';
  end if;
  if with_reason is not null
     and with_reason not in ('spam', 'abusive', 'off_topic', 'other', 'illegal', 'something_else') then
    raise exception 'with_reason must be spam, abusive, off_topic, other, illegal or something_else'
      using errcode = '22023';
  end if;
  if queued_from is not null and queued_before is not null and queued_from >= queued_before then
    raise exception 'queued_from must be before queued_before' using errcode = '22023';
  end if;
  if nullif(btrim(by_author), '') is not null then
    select p.id into author from public.profiles p where lower(p.username) = lower(btrim(review_queue.by_author));
    if author is null then
      return;
    end if;
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
      and (review_queue.with_kind is null or q.kind = review_queue.with_kind)
      and (author is null or q.target_user_id = author)
      and (review_queue.queued_from is null or q.created_at >= review_queue.queued_from)
      and (review_queue.queued_before is null or q.created_at < review_queue.queued_before)
      and (review_queue.with_reason is null or (q.kind = 'flagged_post' and exists (
        select 1 from public.post_reports f
        where f.post_id = q.post_id and f.reason = review_queue.with_reason
          and (f.status = 'open' or q.status <> 'pending'))))
      and (review_queue.in_category is null or exists (
        select 1 from public.posts qp join public.threads qt on qt.id = qp.thread_id
        where qp.id = q.post_id and qt.category_id = review_queue.in_category))
    order by q.score desc, q.id desc
    limit review_queue.max_rows
  ) r
  left join public.posts p on p.id = r.post_id
  left join public.threads t on t.id = p.thread_id
  left join public.post_holds h on h.post_id = r.post_id
  left join public.profiles a on a.id = r.target_user_id
  order by r.score desc, r.id desc;
end $$;

revoke execute on function
  public.review_queue(text, integer, numeric, uuid, text, text, uuid, text, timestamptz, timestamptz)
from public, anon, authenticated, service_role;
grant execute on function
  public.review_queue(text, integer, numeric, uuid, text, text, uuid, text, timestamptz, timestamptz)
to authenticated;
