-- What the API roles may touch, table by table and column by column, and the two views for private fields.
--
-- Private profile fields (email, notification_preferences, privacy_settings) are readable only by their owner and
-- by admins. RLS filters rows, not columns, so the choice is between:
--   a) a public view of the safe columns, with the table itself closed to readers: every embed in the app
--      (author:profiles!author_id(...)) would have to name the view, and PostgREST cannot infer the view's foreign
--      keys on every version;
--   b) column privileges on the table itself: anon and authenticated may SELECT only the public columns, so
--      embeds and the members list keep using public.profiles unchanged, and asking for a private column (or
--      select=*) is refused by Postgres with 42501, whoever asks. The private columns are read through the view
--      public.profile_private, which returns only the caller's own row, or every row to an admin.
-- We use b): the refusal is Postgres's own, it cannot be bypassed through any embed or filter, and the one
-- consequence is a rule for clients: name the columns, never select=* on profiles.
-- Updates stay on public.profiles (the owner edits their private settings through RLS and the guard trigger),
-- so UPDATE is granted on the editable columns, private ones included.

revoke all on table
  public.profiles, public.categories, public.threads, public.posts, public.messages, public.banned_users,
  public.push_subscriptions, public.sync_tombstones
from anon, authenticated;

-- Visitors read; members write what the policies let them.
grant select on table public.categories, public.threads, public.posts, public.sync_tombstones to anon, authenticated;
grant insert, update, delete on table public.threads, public.posts to authenticated;
-- anon may ask, and RLS answers no rows (a visitor's mirror pulls every synced table the same way).
grant select on table public.messages to anon;
grant select, insert, update, delete on table public.messages to authenticated;
grant select, insert, delete on table public.banned_users to authenticated;
grant select, insert, update, delete on table public.push_subscriptions to authenticated;

grant select (
  id, username, display_name, bio, avatar_url, wallet_address, role, reputation, is_banned, created_at, updated_at,
  sync_txid
) on table public.profiles to anon, authenticated;
grant insert (id, username, display_name, bio, avatar_url, wallet_address, email)
  on table public.profiles to authenticated;
grant update (
  username, display_name, bio, avatar_url, wallet_address, role, is_banned, reputation, notification_preferences,
  privacy_settings, updated_at
) on table public.profiles to authenticated;
-- Allowed, and no policy matches: the app's "DELETE profile by id" before delete_user() removes nothing and does
-- not fail; the profile goes with the account.
grant delete on table public.profiles to authenticated;

-- The owner's (or, for an admin, everyone's) private fields. Security definer semantics (the default for a view:
-- it reads public.profiles as its owner, postgres, past the column grants) with the filter in the view itself;
-- security_barrier keeps a caller's own filter functions from seeing rows before that filter has run.
create view public.profile_private with (security_barrier = true) as
  select p.id, p.email, p.notification_preferences, p.privacy_settings, p.updated_at, p.sync_txid
  from public.profiles p
  where p.id = (select auth.uid()) or (select public.is_admin());
alter view public.profile_private owner to postgres;
-- Read-only: a simple view is updatable, and through it a write would run as its owner, past RLS.
revoke all on table public.profile_private from public, anon, authenticated;
grant select on table public.profile_private to authenticated;

-- The moderation panel's Banned tab (SPEC: banned_users "joined profile username and email"). An embed of
-- profiles(email) from banned_users would be refused by the column grants, so the join is done here, for admins
-- only: `from('banned_user_list').select('*').order('banned_at', { ascending: false })`.
create view public.banned_user_list with (security_barrier = true) as
  select b.id, b.user_id, b.banned_by, b.reason, b.delete_posts, b.banned_at, p.username, p.email
  from public.banned_users b
  join public.profiles p on p.id = b.user_id
  where (select public.is_admin());
alter view public.banned_user_list owner to postgres;
revoke all on table public.banned_user_list from public, anon, authenticated;
grant select on table public.banned_user_list to authenticated;
