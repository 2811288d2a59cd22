-- Issue 17, verified wallet addresses and tips: a member proves their profile's address by signing a one-time
-- challenge (checked by the verify-wallet Edge Function), and records tips to another member's proven address,
-- which count on the recipient's profile once the check-tip Edge Function has found them on chain.
--   * Changing the address removes the proof.
--   * A challenge is spent once, within 10 minutes; a replayed signature finds it spent.
--   * wallet_verified, tips_received and a tip's status are the server's: no member writes them.

-- ---------------------------------------------------------------------------------------------------------------
-- Profiles: the proof and the count of confirmed tips, public like the other columns (20261101000700_privacy.sql)
-- and, as the counters of 20261124000100_member_shapes.sql, with no insert or update grant to any member.
alter table public.profiles
  add column wallet_verified boolean not null default false,
  add column tips_received integer not null default 0;
grant select (wallet_verified, tips_received) on table public.profiles to anon, authenticated;

-- Whoever changes the address (the owner, or the service role), the proof was for the old one. Trimmed and
-- case-insensitive: re-saving the same address with another checksum casing keeps the proof.
create function public.reset_wallet_proof() returns trigger
language plpgsql set search_path = '' as $$
begin
  if lower(btrim(coalesce(new.wallet_address, ''))) <> lower(btrim(coalesce(old.wallet_address, ''))) then
    new.wallet_verified := false;
  end if;
  return new;
end $$;

create trigger reset_wallet_proof before update of wallet_address on public.profiles
  for each row execute function public.reset_wallet_proof();

-- The proof and a tip's count are server writes, not edits: set_timestamps of 20261127000100_post_numbers.sql with
-- wallet_verified and tips_received kept by the server, so they leave updated_at as it was.
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
  new.created_at := old.created_at;
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
-- Challenges: written and spent by the functions below only (RLS on, no policy, no grant to members).
create table public.wallet_challenges (
  nonce uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  message text not null,
  created_at timestamptz not null default now(),
  used_at timestamptz
);
-- The bound on a member's open challenges counts their recent ones.
create index wallet_challenges_user_created_idx on public.wallet_challenges (user_id, created_at);
alter table public.wallet_challenges enable row level security;

-- A new challenge for the caller: the message their wallet signs, naming the forum, the member and the nonce.
-- At most 10 unspent challenges of the last 10 minutes per member, so nobody fills the table.
create function public.wallet_challenge() returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := auth.uid();
  challenge_nonce uuid := gen_random_uuid();
  challenge_message text;
begin
  if me is null then
    raise exception 'You must be signed in to verify a wallet' using errcode = '42501';
  end if;
  if public.caller_is_banned() then
    raise exception 'Your account is banned' using errcode = '42501';
  end if;
  -- Locks the member's profile row: two calls at once count each other's challenges, one after the other.
  perform 1 from public.profiles where id = me for update;
  if not found then
    raise exception 'You must be signed in to verify a wallet' using errcode = '42501';
  end if;
  delete from public.wallet_challenges where user_id = me and created_at < now() - interval '1 day';
  if (select count(*) from public.wallet_challenges
      where user_id = me and used_at is null and created_at > now() - interval '10 minutes') >= 10 then
    raise exception 'Too many wallet challenges asked for; wait a few minutes, then try again' using
      errcode = 'PT429',
      detail = json_build_object('limit', 'wallet_challenges', 'retry_after_s', 600)::text,
      hint = 'Sign one of the challenges you already have, or wait.';
  end if;
  challenge_message := 'GuapCoin Forum: sign to prove this wallet is yours.' || chr(10)
    || 'Member: ' || me::text || chr(10)
    || 'Nonce: ' || challenge_nonce::text;
  insert into public.wallet_challenges (nonce, user_id, message) values (challenge_nonce, me, challenge_message);
  return jsonb_build_object('nonce', challenge_nonce, 'message', challenge_message);
end $$;

-- verify-wallet spends the challenge before it checks the signature, so a signature is tried once: the message it
-- must have signed, or null when the nonce is unknown, another member's, spent or older than 10 minutes.
create function public.take_wallet_challenge(p_user uuid, p_nonce uuid) returns text
language sql volatile security definer set search_path = '' as $$
  update public.wallet_challenges
  set used_at = now()
  where nonce = p_nonce and user_id = p_user and used_at is null and created_at > now() - interval '10 minutes'
  returning message
$$;

-- After the signature was checked: the proof holds only for the address the profile has now.
create function public.mark_wallet_verified(p_user uuid, p_address text) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
begin
  update public.profiles
  set wallet_verified = true
  where id = p_user
    and btrim(coalesce(p_address, '')) <> ''
    and lower(btrim(wallet_address)) = lower(btrim(p_address))
    and not wallet_verified;
  return exists (
    select 1 from public.profiles
    where id = p_user and wallet_verified and lower(btrim(wallet_address)) = lower(btrim(p_address))
  );
end $$;

-- ---------------------------------------------------------------------------------------------------------------
-- Tips: a member records the hash of a transaction they sent to another member's proven address; check-tip
-- settles it from the explorer, and only a confirmed tip counts.
create table public.tips (
  id uuid primary key default gen_random_uuid(),
  sender_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  recipient_id uuid not null references public.profiles (id) on delete cascade,
  tx_hash text not null constraint tips_tx_hash_once unique
    constraint tips_tx_hash_shape check (tx_hash ~ '^0x[0-9a-f]{64}$'),
  to_address text not null constraint tips_to_address_shape check (to_address ~ '^0x[0-9a-fA-F]{40}$'),
  amount_wei numeric(78, 0) not null constraint tips_amount_positive check (amount_wei > 0),
  chain_id integer not null constraint tips_chain_id_positive check (chain_id > 0),
  status text not null default 'pending' constraint tips_status check (status in ('pending', 'confirmed', 'failed')),
  created_at timestamptz not null default now(),
  checked_at timestamptz,
  -- When check-tip last asked the explorer about this tip (claim_tip_check).
  asked_at timestamptz
);
-- A profile's tips received, newest first; a member's tips sent.
create index tips_recipient_created_idx on public.tips (recipient_id, created_at desc);
create index tips_sender_created_idx on public.tips (sender_id, created_at desc);

-- The guard says why a tip is refused (RLS alone would only say "row-level security"), and runs before the
-- policy's WITH CHECK. The hash is kept lowercase for every caller, so one transaction is one tip however typed.
create function public.guard_tip_insert() returns trigger
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

create trigger guard_tip_insert before insert on public.tips
  for each row execute function public.guard_tip_insert();

-- A settled tip never changes again, whoever asks; nor do the facts it was checked against.
create function public.guard_tip_update() returns trigger
language plpgsql set search_path = '' as $$
begin
  if (new.id, new.sender_id, new.recipient_id, new.tx_hash, new.to_address, new.amount_wei, new.chain_id,
      new.created_at)
     is distinct from
     (old.id, old.sender_id, old.recipient_id, old.tx_hash, old.to_address, old.amount_wei, old.chain_id,
      old.created_at) then
    raise exception 'A tip''s transaction, members and amount cannot be changed' using errcode = '42501';
  end if;
  if old.status <> 'pending' and new.status is distinct from old.status then
    raise exception 'This tip is already settled as %', old.status using errcode = '42501';
  end if;
  return new;
end $$;

create trigger guard_tip_update before update on public.tips
  for each row execute function public.guard_tip_update();

-- tips_received = the recipient's confirmed tips, moved by one in the tip's transaction; the profile's row lock
-- serializes two tips settled at once, as a like's does for reputation.
create function public.count_confirmed_tip() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.status = 'confirmed' then
    update public.profiles set tips_received = greatest(tips_received - 1, 0) where id = old.recipient_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.status = 'confirmed' then
    update public.profiles set tips_received = tips_received + 1 where id = new.recipient_id;
  end if;
  return null;
end $$;

create trigger count_confirmed_tip after insert or delete on public.tips
  for each row execute function public.count_confirmed_tip();
create trigger count_confirmed_tip_settled after update of status on public.tips
  for each row when (old.status is distinct from new.status)
  execute function public.count_confirmed_tip();

alter table public.tips enable row level security;
-- Confirmed tips are public (the profile lists them); either party sees theirs in any status.
create policy tips_select on public.tips for select to anon, authenticated
  using (status = 'confirmed' or sender_id = (select auth.uid()) or recipient_id = (select auth.uid()));
create policy tips_insert_own on public.tips for insert to authenticated
  with check (
    sender_id = (select auth.uid())
    and recipient_id <> (select auth.uid())
    and status = 'pending'
    and (select public.is_active_member())
    and exists (
      select 1 from public.profiles p
      where p.id = recipient_id and p.wallet_verified and lower(btrim(p.wallet_address)) = lower(btrim(to_address))
    )
  );

-- check-tip's answer: pending becomes confirmed or failed, once. Returns the tip's status after the call, so two
-- checks of one tip at once both answer what was settled.
create function public.settle_tip(p_tip uuid, p_status text) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  settled text;
begin
  if p_status is null or p_status not in ('confirmed', 'failed') then
    raise exception 'A tip is settled as confirmed or failed' using errcode = '22023';
  end if;
  update public.tips set status = p_status, checked_at = now()
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

-- check-tip asks the explorer about a pending tip at most once in 2 seconds, however often it is called: a loop of
-- calls cannot turn into a flood of requests to the explorer. True when this call may ask.
create function public.claim_tip_check(p_tip uuid) returns boolean
language sql volatile security definer set search_path = '' as $$
  with claimed as (
    update public.tips set asked_at = now()
    where id = p_tip and status = 'pending' and (asked_at is null or asked_at < now() - interval '2 seconds')
    returning 1
  )
  select exists (select 1 from claimed);
$$;

-- ---------------------------------------------------------------------------------------------------------------
-- Grants, stated as in 20261101001100_grants.sql.
revoke all on table public.wallet_challenges, public.tips from anon, authenticated, service_role;
grant select, insert, update, delete on table public.wallet_challenges, public.tips to service_role;
grant select on table public.tips to anon, authenticated;
-- No status or checked_at: a member's tip is pending until check-tip settles it.
grant insert (id, sender_id, recipient_id, tx_hash, to_address, amount_wei, chain_id) on table public.tips
  to authenticated;

revoke execute on function
  public.reset_wallet_proof(), public.wallet_challenge(), public.take_wallet_challenge(uuid, uuid),
  public.mark_wallet_verified(uuid, text), public.guard_tip_insert(), public.guard_tip_update(),
  public.count_confirmed_tip(), public.settle_tip(uuid, text), public.claim_tip_check(uuid)
from public, anon, authenticated, service_role;
grant execute on function public.wallet_challenge() to authenticated;
grant execute on function
  public.take_wallet_challenge(uuid, uuid), public.mark_wallet_verified(uuid, text), public.settle_tip(uuid, text),
  public.claim_tip_check(uuid)
to service_role;
