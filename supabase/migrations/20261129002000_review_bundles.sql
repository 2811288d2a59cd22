-- Decisions in bundles, and "delete spammer".
--   * review_decide() takes an optional penalty with agree: silence or suspend the item's member for 1, 3, 7 or 30
--     days with a reason, in the decision's own transaction (a refused penalty leaves the item undecided);
--   * delete_spammer(member, reason) in one step, for admins, on a member below trust level 2 who is not staff: the
--     ban with their posts deleted (ban_user: the account stays, banned, so its email cannot sign up again), and
--     their pending review items decided as agreed. Its audit row is the ban's.

drop function public.review_decide(uuid, integer, text);

create function public.review_decide(
  item uuid, item_version integer, decision text, penalty text default null, penalty_days integer default null,
  penalty_reason text default null
)
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
  if review_decide.penalty is not null and review_decide.decision <> 'agree' then
    raise exception 'A silence or suspension goes with agree only' using errcode = '22023';
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
  if review_decide.penalty is not null then
    if it.target_user_id is null then
      raise exception 'This item has no member to silence or suspend' using errcode = '22023';
    end if;
    perform public.penalize_member(it.target_user_id, review_decide.penalty, review_decide.penalty_days,
      review_decide.penalty_reason);
  end if;
  select p.thread_id into post_thread from public.posts p where p.id = it.post_id;
  perform public.write_moderation_log('review_' || review_decide.decision, it.target_user_id, post_thread,
    it.post_id, it.reason,
    jsonb_build_object('item', it.id, 'kind', it.kind, 'score', it.score, 'flags', flags));
  return query select r.id, r.status, r.version from public.reviewables r where r.id = it.id;
end $$;

create function public.delete_spammer(member uuid, reason text default 'Spammer') returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  decided integer;
begin
  if not public.is_admin() then
    raise exception 'Only admins can delete a spammer' using errcode = '42501';
  end if;
  if not exists (select 1 from public.profiles where id = delete_spammer.member) then
    raise exception 'No member with this id' using errcode = '22023';
  end if;
  if public.is_staff_member(delete_spammer.member) or public.trust_level(delete_spammer.member) >= 2 then
    raise exception 'Only a new member (trust level 0 or 1) can be deleted as a spammer; ban them instead'
      using errcode = '22023';
  end if;
  update public.reviewables r
  set status = 'agreed', version = r.version + 1, updated_at = now(), decided_by = auth.uid(), decided_at = now()
  where r.target_user_id = delete_spammer.member and r.status = 'pending';
  get diagnostics decided = row_count;
  perform public.ban_user(delete_spammer.member, coalesce(nullif(btrim(delete_spammer.reason), ''), 'Spammer'), true);
  return decided;
end $$;

revoke execute on function
  public.review_decide(uuid, integer, text, text, integer, text), public.delete_spammer(uuid, text)
from public, anon, authenticated, service_role;
grant execute on function
  public.review_decide(uuid, integer, text, text, integer, text), public.delete_spammer(uuid, text)
to authenticated;
