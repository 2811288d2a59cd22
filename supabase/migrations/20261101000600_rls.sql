-- Row-level security on every table: who may see and write which rows (SPEC section 6, issue 3).
-- What may change inside a row (pinning, roles, counters, the read mark) is the guards' work in
-- 20261101000400_triggers.sql; the policies decide which rows a caller reaches at all.
-- auth.uid() and the role helpers are wrapped in (select ...) so Postgres evaluates them once per statement,
-- not once per row.

alter table public.profiles enable row level security;
alter table public.categories enable row level security;
alter table public.threads enable row level security;
alter table public.posts enable row level security;
alter table public.messages enable row level security;
alter table public.banned_users enable row level security;
alter table public.push_subscriptions enable row level security;
alter table public.sync_tombstones enable row level security;

-- Profiles: every row is public; which columns are is decided by the column grants of 20261101000700_privacy.sql.
create policy profiles_select on public.profiles for select to anon, authenticated using (true);
-- The app's insert after sign-up; the row exists already, and the guard makes that a no-op.
create policy profiles_insert_own on public.profiles for insert to authenticated
  with check (id = (select auth.uid()));
-- The owner edits their own row; staff reach other rows for role changes (and admins for bans), as the guard allows.
create policy profiles_update_own_or_staff on public.profiles for update to authenticated
  using (id = (select auth.uid()) or (select public.is_staff()))
  with check (id = (select auth.uid()) or (select public.is_staff()));
-- No delete policy: a profile goes only with its account, through delete_user().

-- Categories: the active ones, for everyone. They are managed with the database (migrations, seed, dashboard).
create policy categories_select_active on public.categories for select to anon, authenticated using (is_active);

-- Threads.
create policy threads_select on public.threads for select to anon, authenticated using (true);
create policy threads_insert_member on public.threads for insert to authenticated
  with check (
    author_id = (select auth.uid())
    and (select public.is_active_member())
    and exists (select 1 from public.categories c where c.id = category_id and c.is_active)
  );
-- SPEC: "updating a thread is not restricted by author" at the data-call level, but here only the author (title)
-- and staff (pin, lock, ad, move) reach a thread; anyone else's PATCH of the counters affects no row.
create policy threads_update_author_or_staff on public.threads for update to authenticated
  using (author_id = (select auth.uid()) or (select public.is_staff()))
  with check ((author_id = (select auth.uid()) or (select public.is_staff())) and (select public.is_active_member()));
create policy threads_delete_staff on public.threads for delete to authenticated
  using ((select public.is_staff()));

-- Posts.
create policy posts_select on public.posts for select to anon, authenticated using (true);
create policy posts_insert_member on public.posts for insert to authenticated
  with check (
    author_id = (select auth.uid())
    and (select public.is_active_member())
    and (
      exists (
        select 1 from public.threads t where t.id = thread_id and (not t.is_locked or (select public.is_staff()))
      )
      -- A retried insert of a reply that already landed (upsert, ignore duplicates) is answered by the conflict,
      -- even if the thread was locked in between; a new row can never take an existing id.
      or exists (select 1 from public.posts p where p.id = posts.id and p.author_id = (select auth.uid()))
    )
  );
create policy posts_update_own on public.posts for update to authenticated
  using (author_id = (select auth.uid()))
  with check (author_id = (select auth.uid()) and (select public.is_active_member()));
create policy posts_delete_own_or_staff on public.posts for delete to authenticated
  using ((author_id = (select auth.uid()) and (select public.is_active_member())) or (select public.is_staff()));

-- Messages: private to their two parties.
-- Whether the caller already sent the message with this id. A function, because a subquery on messages inside a
-- messages policy would expand the messages policies again (42P17, infinite recursion).
create function public.is_own_message(message_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.messages where id = message_id and sender_id = auth.uid())
$$;

create policy messages_select_parties on public.messages for select to authenticated
  using (sender_id = (select auth.uid()) or recipient_id = (select auth.uid()));
create policy messages_insert_sender on public.messages for insert to authenticated
  with check (
    sender_id = (select auth.uid())
    and (select public.is_active_member())
    and (
      public.accepts_messages(recipient_id)
      -- As for posts: a retried send of a message that already landed is answered by the conflict.
      or public.is_own_message(id)
    )
  );
create policy messages_update_recipient on public.messages for update to authenticated
  using (recipient_id = (select auth.uid()))
  with check (recipient_id = (select auth.uid()) and (select public.is_active_member()));
create policy messages_delete_parties on public.messages for delete to authenticated
  using ((sender_id = (select auth.uid()) or recipient_id = (select auth.uid())) and (select public.is_active_member()));

-- Bans: admins only. The moderation list reads them with username and email through public.banned_user_list.
create policy banned_users_select_admin on public.banned_users for select to authenticated
  using ((select public.is_admin()));
create policy banned_users_insert_admin on public.banned_users for insert to authenticated
  with check ((select public.is_admin()));
create policy banned_users_delete_admin on public.banned_users for delete to authenticated
  using ((select public.is_admin()));

-- Push subscriptions: each member's own devices.
create policy push_subscriptions_own on public.push_subscriptions for all to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- Tombstones: public deletions for everyone; a message's deletion only for its two parties.
create policy sync_tombstones_select on public.sync_tombstones for select to anon, authenticated
  using (visible_to is null or (select auth.uid()) = any (visible_to));
