-- Issue 30 §7 "Ban evasion": a banned member deleted the account and signed up again with the same email, unbanned.
-- delete_user() now refuses a banned caller, so the ban (banned_users and is_banned) outlives any sign-up attempt;
-- an admin who unbans, or the service role's admin API, may still remove the account.
create or replace function public.delete_user() returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := auth.uid();
  banned boolean;
begin
  if me is null then
    raise exception 'You must be signed in to delete your account' using errcode = '42501';
  end if;
  -- The row lock orders this deletion with a concurrent ban_user(), which updates the same profile row.
  select p.is_banned into banned from public.profiles p where p.id = me for update;
  if coalesce(banned, false) then
    raise exception 'Your account is banned, so it cannot be deleted; ask an admin'
      using errcode = '42501', hint = 'An admin must unban the account before it can be deleted.';
  end if;
  delete from auth.users where id = me;
end $$;
-- create or replace keeps the grants of 20261101001100_grants.sql; stated again so this file reads on its own.
revoke execute on function public.delete_user() from public, anon;
grant execute on function public.delete_user() to authenticated;
