-- Who is asking: small helpers for policies and triggers.
-- They are security definer so that a policy can read profiles columns the caller may not select (privacy_settings),
-- and stable so that `(select public.is_staff())` in a policy is evaluated once per statement.

create function public.is_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.profiles where id = auth.uid() and role = 'admin' and not is_banned
  )
$$;

-- Moderators and admins.
create function public.is_staff() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.profiles where id = auth.uid() and role in ('moderator', 'admin') and not is_banned
  )
$$;

-- A signed-in member with a profile who is not banned: may create threads, posts and messages.
create function public.is_active_member() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.profiles where id = auth.uid() and not is_banned)
$$;

-- Whether a member accepts private messages (privacy_settings.allowMessages, true when unset).
-- Callable by the app as an rpc to hide the compose button, and used by the messages insert policy.
create function public.accepts_messages(recipient uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.profiles p
    where p.id = accepts_messages.recipient
      and coalesce((p.privacy_settings ->> 'allowMessages')::boolean, true)
  )
$$;

-- True when the statement comes from a client through the API (PostgREST roles), false for the database owner,
-- migrations, the seed and security definer functions, which run as the function owner.
create function public.is_api_caller() returns boolean
language sql stable set search_path = '' as $$
  select current_user in ('anon', 'authenticated')
$$;
