-- Issue 12, the shapes: counters a member earns, when they were last seen, post likes, and threads and posts that
-- outlive their author's account. The rules over them (triggers, policies, grants, functions) follow in the next
-- migrations of this issue.

-- Kept by triggers on threads and posts: the members directory and the profile read them, never count rows.
-- A member's post count is thread_count + reply_count (a thread's first post is its thread).
alter table public.profiles
  add column thread_count integer not null default 0,
  add column reply_count integer not null default 0,
  -- Stamped by the rpc touch_last_seen() alone, and null while the member's showOnline is off.
  add column last_seen_at timestamptz;

-- Kept by a trigger on post_likes, in the same transaction as the like.
alter table public.posts add column like_count integer not null default 0;

-- A deleted account's threads and posts stay, by "Deleted member": the author becomes null.
alter table public.threads alter column author_id drop not null;
alter table public.threads drop constraint threads_author_id_fkey,
  add constraint threads_author_id_fkey foreign key (author_id) references public.profiles (id) on delete set null;
alter table public.posts alter column author_id drop not null;
alter table public.posts drop constraint posts_author_id_fkey,
  add constraint posts_author_id_fkey foreign key (author_id) references public.profiles (id) on delete set null;

-- One like per member per post.
create table public.post_likes (
  id uuid primary key default gen_random_uuid(),
  post_id uuid not null references public.posts (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  sync_txid bigint not null default 0,
  constraint post_likes_once unique (post_id, user_id)
);
create index post_likes_user_idx on public.post_likes (user_id);

-- The new profile columns are public, like the others (column privileges, see 20261101000700_privacy.sql);
-- none is writable by a client.
grant select (thread_count, reply_count, last_seen_at) on table public.profiles to anon, authenticated;
