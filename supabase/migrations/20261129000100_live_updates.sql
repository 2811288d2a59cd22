-- Live updates (issue 31): the database pokes open apps through Realtime Broadcast, and the apps pull.
-- A poke carries no row, only the transaction that changed something ({"txid": N}), so nothing can leak through it:
-- the app answers with its ordinary pull, and RLS decides what that brings.
--   * 'forum', public: threads, posts, likes, categories and the profile fields other members see;
--   * 'user:{id}', private: that member's messages, notifications, read state, bookmarks and own profile, readable
--     only by them (the policy below, which Realtime checks when a channel joins).
-- Pokes of one transaction on one topic are one: PostgreSQL delivers identical notifications of a transaction once,
-- and hosted Realtime's realtime.send is given the same payload. realtime.send never fails the write that sends it.

create function public.poke_forum() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform realtime.send(jsonb_build_object('txid', pg_current_xact_id()::text::bigint), 'changed', 'forum', false);
  return null;
end $$;

-- The members a row concerns, by table: each gets a poke on their own topic.
create function public.poke_members() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  r record;
  member uuid;
  members uuid[];
begin
  if tg_op = 'DELETE' then
    r := old;
  else
    r := new;
  end if;
  -- One branch per table: a record's fields are looked up only in the branch that runs.
  if tg_table_name = 'messages' then
    members := array[r.sender_id, r.recipient_id];
  elsif tg_table_name = 'notifications' then
    members := array[r.recipient_id];
  elsif tg_table_name = 'profiles' then
    members := array[r.id];
  else
    members := array[r.user_id];
  end if;
  foreach member in array members loop
    perform realtime.send(
      jsonb_build_object('txid', pg_current_xact_id()::text::bigint), 'changed', 'user:' || member::text, true);
  end loop;
  return null;
end $$;

create trigger zz_poke_forum after insert or update or delete on public.threads
  for each statement execute function public.poke_forum();
create trigger zz_poke_forum after insert or update or delete on public.posts
  for each statement execute function public.poke_forum();
create trigger zz_poke_forum after insert or update or delete on public.post_likes
  for each statement execute function public.poke_forum();
create trigger zz_poke_forum after insert or update or delete on public.categories
  for each statement execute function public.poke_forum();
-- Not last_seen_at, reputation or the counts: they change often and reach apps with the next pull.
create trigger zz_poke_forum
  after insert or delete or update of username, display_name, bio, avatar_url, wallet_address, role, is_banned
  on public.profiles for each statement execute function public.poke_forum();

create trigger zz_poke_members after insert or update or delete on public.messages
  for each row execute function public.poke_members();
create trigger zz_poke_members after insert or update or delete on public.notifications
  for each row execute function public.poke_members();
create trigger zz_poke_members after insert or update or delete on public.thread_reads
  for each row execute function public.poke_members();
create trigger zz_poke_members after insert or update or delete on public.bookmarks
  for each row execute function public.poke_members();
create trigger zz_poke_members
  after update of username, display_name, bio, avatar_url, wallet_address, notification_preferences, privacy_settings
  on public.profiles for each row execute function public.poke_members();

-- A member may join their own topic, and no one else's; visitors none. Public topics need no policy.
create policy "members read their own topic" on realtime.messages for select to authenticated
  using (extension = 'broadcast' and realtime.topic() = 'user:' || (select auth.uid())::text);
