-- A tip is credited to whoever sent its transaction, and tips are limited like other writes.
--   * The tipper records from their verified wallet address: a member without one is refused at once, and check-tip
--     confirms a tip only when the transaction's sender (its `from`) is that address. A tip of someone else's
--     transaction is removed (refuse_foreign_tip) and check-tip answers 403: nothing of it stays recorded.
--   * One transaction may wait as several members' tips (an attacker recording it first no longer shuts its real
--     sender out as a duplicate), but counts once: unique per sender, and one confirmed tip per transaction.
--   * forum_limits.pending_tips_per_day (20): a member's tips recorded in the last 24 hours that are still pending.
--     Past it a tip is refused with the rate limits' PT429 (HTTP 429) and its wait, so a request of 1,000 tips
--     writes none. Staff are not limited, as with the other caps.

alter table public.tips drop constraint tips_tx_hash_once;
alter table public.tips add constraint tips_tx_hash_once_per_sender unique (tx_hash, sender_id);
create unique index tips_tx_hash_confirmed_once on public.tips (tx_hash) where status = 'confirmed';

-- guard_tip_insert of 20261128000100_wallet.sql, with the tipper's own verified address required.
create or replace function public.guard_tip_insert() returns trigger
language plpgsql set search_path = '' as $$
declare
  recipient record;
begin
  new.tx_hash := lower(btrim(new.tx_hash));
  new.to_address := btrim(new.to_address);
  if new.tx_hash !~ '^0x[0-9a-f]{64}$' then
    raise exception 'A transaction hash is 0x followed by 64 hexadecimal digits' using errcode = '23514';
  end if;
  if not public.is_api_caller() then
    return new;
  end if;
  if public.caller_is_banned() then
    raise exception 'Your account is banned' using errcode = '42501';
  end if;
  if new.sender_id is distinct from auth.uid() then
    raise exception 'You can only record tips you sent yourself' using errcode = '42501';
  end if;
  if new.recipient_id = new.sender_id then
    raise exception 'You cannot tip yourself' using errcode = '42501';
  end if;
  if not exists (select 1 from public.profiles p where p.id = new.sender_id and p.wallet_verified) then
    raise exception 'Verify your own wallet address first: a tip counts only when it comes from it'
      using errcode = '42501';
  end if;
  select p.wallet_verified, p.wallet_address into recipient from public.profiles p where p.id = new.recipient_id;
  if not found then
    raise exception 'This member no longer exists' using errcode = '23503';
  end if;
  if not recipient.wallet_verified then
    raise exception 'This member has no verified wallet address' using errcode = '42501';
  end if;
  if lower(btrim(recipient.wallet_address)) <> lower(new.to_address) then
    raise exception 'A tip must go to the member''s verified wallet address' using errcode = '42501';
  end if;
  new.status := 'pending';
  new.checked_at := null;
  new.created_at := now();
  return new;
end $$;

alter table public.forum_limits
  add column pending_tips_per_day integer not null default 20
    constraint forum_limits_pending_tips_per_day check (pending_tips_per_day >= 0);

-- After guard_tip_insert (the name sorts after it), which says first why a tip is refused for good. One member's
-- tips take turns on a transaction lock, so parallel requests on PostgreSQL cannot all pass the count; rows of the
-- same request see the ones before them, so a bulk insert stops at the cap.
create function public.limit_tips() returns trigger
language plpgsql set search_path = '' as $$
declare
  limits public.forum_limits;
  oldest_counted timestamptz;
  wait_s integer;
begin
  if not public.is_api_caller() or public.is_staff() then
    return new;
  end if;
  -- A retry of a tip that already landed is answered by the insert, never refused.
  if exists (select 1 from public.tips where id = new.id) then
    return new;
  end if;
  select * into limits from public.forum_limits;
  if limits.pending_tips_per_day = 0 then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('guap.tips.' || auth.uid()::text, 0));
  -- The limit-th newest pending tip of the last 24 hours: once it is a day old or settled, one more may be recorded.
  select t.created_at into oldest_counted
  from public.tips t
  where t.sender_id = auth.uid() and t.status = 'pending' and t.created_at > now() - interval '1 day'
  order by t.created_at desc
  offset limits.pending_tips_per_day - 1
  limit 1;
  if oldest_counted is not null then
    wait_s := ceil(extract(epoch from oldest_counted + interval '1 day' - now()))::integer;
    perform public.refuse_over_limit(
      format('You can have %s tips waiting for confirmation a day. Please wait %s.', limits.pending_tips_per_day,
        public.wait_in_words(wait_s)),
      'pending_tips_per_day', wait_s);
  end if;
  return new;
end $$;

create trigger limit_tips before insert on public.tips
  for each row execute function public.limit_tips();

-- check-tip's question: the verified address the tip's sender holds now, or null.
create function public.tip_sender_wallet(p_tip uuid) returns text
language sql stable security definer set search_path = '' as $$
  select p.wallet_address from public.tips t join public.profiles p on p.id = t.sender_id
  where t.id = p_tip and p.wallet_verified
$$;

-- check-tip's answer to a tip whose transaction its sender did not send: the pending tip is removed, so it neither
-- counts nor holds the hash. True when it was there to remove.
create function public.refuse_foreign_tip(p_tip uuid) returns boolean
language sql volatile security definer set search_path = '' as $$
  with removed as (delete from public.tips where id = p_tip and status = 'pending' returning 1)
  select exists (select 1 from removed);
$$;

-- settle_tip of 20261128000100_wallet.sql: a second tip of a transaction already confirmed for another member (two
-- members holding one verified address) fails rather than counting it twice.
create or replace function public.settle_tip(p_tip uuid, p_status text) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  settled text;
  verdict text := p_status;
begin
  if p_status is null or p_status not in ('confirmed', 'failed') then
    raise exception 'A tip is settled as confirmed or failed' using errcode = '22023';
  end if;
  if verdict = 'confirmed' and exists (
    select 1 from public.tips other join public.tips t on t.tx_hash = other.tx_hash
    where t.id = p_tip and other.id <> p_tip and other.status = 'confirmed'
  ) then
    verdict := 'failed';
  end if;
  update public.tips set status = verdict, checked_at = now()
  where id = p_tip and status = 'pending'
  returning status into settled;
  if found then
    return settled;
  end if;
  select status into settled from public.tips where id = p_tip;
  if not found then
    raise exception 'No such tip' using errcode = '22023';
  end if;
  return settled;
end $$;

revoke execute on function public.limit_tips(), public.tip_sender_wallet(uuid), public.refuse_foreign_tip(uuid)
  from public, anon, authenticated, service_role;
grant execute on function public.tip_sender_wallet(uuid), public.refuse_foreign_tip(uuid) to service_role;
