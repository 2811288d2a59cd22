-- A recorded tip is checked until it settles, whoever looks: check-tip, run on a schedule as the service role,
-- asks the explorer about every pending tip whose next check is due, waiting longer after each answer of "not
-- seen yet" (5 s, doubling, at most 30 minutes). A tip still pending 3 days after it was recorded expires: its
-- transaction never reached the chain, and the explorer will not confirm it any more.
--   * attempts, next_check_at: the backoff, kept by claim_due_tips alone (no member writes them).
--   * 'expired': the fourth status, as final as 'confirmed' and 'failed' (guard_tip_update keeps it).
--   * A tip's settling pokes its sender and recipient, and the forum when it counts (the recipient's count is public).

alter table public.tips
  add column attempts integer not null default 0,
  add column next_check_at timestamptz not null default now() + interval '5 seconds';

alter table public.tips drop constraint tips_status;
alter table public.tips add constraint tips_status check (status in ('pending', 'confirmed', 'failed', 'expired'));

-- The schedule's question, "which pending tips are due", answered from the pending ones only.
create index tips_pending_due_idx on public.tips (next_check_at) where status = 'pending';

-- The scheduled run's tips to check now, at most p_limit, each claimed with its next check moved back: two runs at
-- once take different tips (skip locked), and a run that dies leaves them to the next check, not lost. Tips past
-- their 3 days expire here first.
create function public.claim_due_tips(p_limit integer default 20)
returns table (id uuid, tx_hash text, to_address text, amount_wei text, chain_id integer)
language plpgsql volatile security definer set search_path = '' as $$
begin
  if p_limit is null or p_limit < 1 or p_limit > 100 then
    raise exception 'Claim between 1 and 100 tips at a time' using errcode = '22023';
  end if;
  update public.tips t set status = 'expired', checked_at = now()
  where t.status = 'pending' and t.created_at < now() - interval '3 days';
  return query
  with due as (
    select t.id from public.tips t
    where t.status = 'pending' and t.next_check_at <= now()
    order by t.next_check_at
    limit p_limit
    for update skip locked
  )
  update public.tips t
  set attempts = t.attempts + 1,
      asked_at = now(),
      next_check_at = now() + least(interval '5 seconds' * power(2, least(t.attempts, 20)), interval '30 minutes')
  from due
  where t.id = due.id
  returning t.id, t.tx_hash, t.to_address, t.amount_wei::text, t.chain_id;
end $$;

-- Pokes, as 20261129000100_live_updates.sql's: the parties' own topics carry a tip's new status (its sender's list
-- of tips), and 'forum' the recipient's new Tips Received.
create function public.poke_tip_parties() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  txid jsonb := jsonb_build_object('txid', pg_current_xact_id()::text::bigint);
begin
  perform realtime.send(txid, 'changed', 'user:' || new.sender_id::text, true);
  perform realtime.send(txid, 'changed', 'user:' || new.recipient_id::text, true);
  if new.status = 'confirmed' then
    perform realtime.send(txid, 'changed', 'forum', false);
  end if;
  return null;
end $$;

create trigger zz_poke_tip_parties after update of status on public.tips
  for each row when (old.status is distinct from new.status)
  execute function public.poke_tip_parties();

revoke execute on function public.claim_due_tips(integer), public.poke_tip_parties()
  from public, anon, authenticated, service_role;
grant execute on function public.claim_due_tips(integer) to service_role;
