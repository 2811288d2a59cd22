-- Sign-In with Ethereum (EIP-4361): nonces the forum issues and spends once, and the wallet a sign-in proved.
--   * siwe_nonce() hands anyone a fresh nonce for the message their wallet signs; it lives 10 minutes.
--   * take_siwe_nonce() spends one: the local stack's web3 grant and the link-wallet function call it, so a captured
--     message and signature never sign in (or link) twice. Hosted GoTrue never checks the nonce (README).
--   * A web3 identity added to an account (the first wallet sign-in, or a link) sets the profile's address to that
--     wallet and marks it verified: the signature that made the identity proved it.

-- ---------------------------------------------------------------------------------------------------------------
-- Nonces: written and spent by the functions below only (RLS on, no policy, no grant to members).
create table public.siwe_nonces (
  nonce text primary key,
  created_at timestamptz not null default now(),
  used_at timestamptz
);
create index siwe_nonces_created_idx on public.siwe_nonces (created_at);
alter table public.siwe_nonces enable row level security;

-- A fresh nonce: 32 hex characters (EIP-4361 asks for at least 8 alphanumerics). Callers are not signed in yet, so the
-- bound is the table's: expired nonces are removed, and at most 10,000 may be open at once, so nobody fills it.
create function public.siwe_nonce() returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  fresh text := replace(gen_random_uuid()::text, '-', '');
begin
  delete from public.siwe_nonces where created_at < now() - interval '10 minutes';
  if (select count(*) from public.siwe_nonces where used_at is null) >= 10000 then
    raise exception 'Too many sign-ins are waiting for a signature; try again in a few minutes' using
      errcode = 'PT429',
      detail = json_build_object('limit', 'siwe_nonces', 'retry_after_s', 600)::text;
  end if;
  insert into public.siwe_nonces (nonce) values (fresh);
  return fresh;
end $$;

-- Spends a nonce: true once for a nonce issued within the last 10 minutes, false when unknown, old or spent.
create function public.take_siwe_nonce(p_nonce text) returns boolean
language sql volatile security definer set search_path = '' as $$
  with spent as (
    update public.siwe_nonces
    set used_at = now()
    where nonce = p_nonce and used_at is null and created_at > now() - interval '10 minutes'
    returning 1
  )
  select exists (select 1 from spent)
$$;

-- ---------------------------------------------------------------------------------------------------------------
-- A wallet identity proves its address. The identity's address is in lower case (hosted GoTrue lower-cases it);
-- a profile holding the same address in any casing keeps its own. A profile holding another address keeps it too:
-- linking a second wallet never overwrites the one the member chose to show.
create function public.verify_wallet_of_identity() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  wallet text := lower(btrim(coalesce(new.identity_data ->> 'address',
    new.identity_data -> 'custom_claims' ->> 'address', '')));
begin
  if new.provider <> 'web3' or wallet !~ '^0x[0-9a-f]{40}$' then
    return new;
  end if;
  update public.profiles
  set wallet_address = wallet
  where id = new.user_id and btrim(coalesce(wallet_address, '')) = '';
  perform public.mark_wallet_verified(new.user_id, wallet);
  return new;
end $$;

create trigger verify_wallet_of_identity after insert on auth.identities
  for each row execute function public.verify_wallet_of_identity();

-- Grants, stated as in 20261101001100_grants.sql.
revoke all on table public.siwe_nonces from anon, authenticated, service_role;
grant select, insert, update, delete on table public.siwe_nonces to service_role;
revoke execute on function public.siwe_nonce(), public.take_siwe_nonce(text), public.verify_wallet_of_identity()
  from public;
grant execute on function public.siwe_nonce() to anon, authenticated, service_role;
grant execute on function public.take_siwe_nonce(text) to service_role;
