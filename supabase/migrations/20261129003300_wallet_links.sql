-- Linking a wallet to an account made another way (an email with a password): hosted GoTrue's identity linking only
-- starts OAuth flows, so the link-wallet function checks the signed message and records the link here, as the web3
-- identity the wallet's sign-in looks up (auth.identities, provider 'web3', provider_id web3:ethereum:<address>).
--   * link_wallet_identity() adds it: refused when the wallet already signs in to another account. The identity's
--     insert trigger (verify_wallet_of_identity) marks the address verified, as a wallet sign-in does.
--   * unlink_wallet_identity() removes it only while another way in remains: another wallet, or an email identity on
--     an account with a password. Otherwise nothing changes.
-- Both are the service role's only: the function calls them after checking the signature and the caller.

create function public.link_wallet_identity(p_user uuid, p_address text, p_data jsonb) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  wallet text := lower(btrim(p_address));
  subject text := 'web3:ethereum:' || lower(btrim(p_address));
  owner uuid;
begin
  if wallet !~ '^0x[0-9a-f]{40}$' then
    return 'invalid_address';
  end if;
  select user_id into owner from auth.identities where provider = 'web3' and provider_id = subject;
  if owner = p_user then
    return 'already_linked';
  elsif owner is not null then
    return 'other_account';
  end if;
  insert into auth.identities (provider_id, user_id, identity_data, provider)
  values (subject, p_user, p_data || jsonb_build_object('sub', subject, 'address', wallet), 'web3');
  update auth.users
  set raw_app_meta_data = jsonb_set(coalesce(raw_app_meta_data, '{}'::jsonb), '{providers}',
        (select coalesce(jsonb_agg(distinct provider), '[]'::jsonb) from auth.identities where user_id = p_user)),
      updated_at = now()
  where id = p_user;
  return 'linked';
end $$;

create function public.unlink_wallet_identity(p_user uuid, p_address text) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  subject text := 'web3:ethereum:' || lower(btrim(p_address));
  other_ways integer;
begin
  if not exists (
    select 1 from auth.identities where provider = 'web3' and provider_id = subject and user_id = p_user
  ) then
    return 'not_linked';
  end if;
  select count(*) into other_ways
  from auth.identities i
  join auth.users u on u.id = i.user_id
  where i.user_id = p_user
    and not (i.provider = 'web3' and i.provider_id = subject)
    and (i.provider = 'web3' or (i.provider = 'email' and coalesce(u.encrypted_password, '') <> ''));
  if other_ways = 0 then
    return 'only_way_in';
  end if;
  delete from auth.identities where provider = 'web3' and provider_id = subject and user_id = p_user;
  update auth.users
  set raw_app_meta_data = jsonb_set(coalesce(raw_app_meta_data, '{}'::jsonb), '{providers}',
        (select coalesce(jsonb_agg(distinct provider), '[]'::jsonb) from auth.identities where user_id = p_user)),
      updated_at = now()
  where id = p_user;
  return 'unlinked';
end $$;

-- Grants, stated as in 20261101001100_grants.sql.
revoke execute on function public.link_wallet_identity(uuid, text, jsonb), public.unlink_wallet_identity(uuid, text)
  from public, anon, authenticated;
grant execute on function public.link_wallet_identity(uuid, text, jsonb), public.unlink_wallet_identity(uuid, text)
  to service_role;
