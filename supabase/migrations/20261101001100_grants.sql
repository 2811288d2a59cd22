-- Who may use what, stated here rather than left to defaults: hosted projects no longer grant new public tables and
-- functions to anon, authenticated and service_role. anon and authenticated reach the tables through the grants of
-- 20261101000700_privacy.sql, then RLS; this adds the service role, and names each function's callers.

-- The service role is the trusted server side: it bypasses RLS and may read and write every table. It reads the
-- two views (their filters make them empty for it: they are for a signed-in member and for admins).
grant select, insert, update, delete on table
  public.profiles, public.categories, public.threads, public.posts, public.messages, public.banned_users,
  public.push_subscriptions, public.sync_tombstones
to service_role;
grant select on table public.profile_private, public.banned_user_list to service_role;

-- Functions: Postgres lets PUBLIC execute a new function; here each is executable only by the roles that call it,
-- through rpc, a policy, a view or a guard trigger (guards run as the caller, so they need their helpers too).
revoke execute on all functions in schema public from public, anon, authenticated, service_role;

-- rpc from the app: the pull's watermark, search and view counts are for visitors too.
grant execute on function public.sync_watermark() to anon, authenticated, service_role;
grant execute on function public.search_forum(text, integer) to anon, authenticated, service_role;
grant execute on function public.increment_thread_view_count(uuid) to anon, authenticated, service_role;
-- rpc for members only; each checks who calls.
grant execute on function
  public.delete_user(), public.ban_user(uuid, text, boolean), public.unban_user(uuid), public.accepts_messages(uuid)
to authenticated;

-- Helpers of the policies, the views and the guard triggers.
grant execute on function
  public.is_admin(), public.is_staff(), public.is_active_member(), public.is_own_message(uuid),
  public.is_api_caller(), public.caller_is_banned()
to authenticated, service_role;
grant execute on function public.accepts_messages(uuid) to service_role;
