-- The forum's tables, their checks and the indexes behind every list the app shows (SPEC sections 3, 5 and 9).
-- Ids are uuids with a default, and a client may send its own: offline writes are created on the device.
-- sync_txid columns are stamped by the triggers in 20261101000300_sync.sql; the defaults only cover direct owners' writes.

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  username text not null constraint profiles_username_length check (char_length(username) >= 3),
  display_name text,
  bio text constraint profiles_bio_length check (char_length(bio) <= 500),
  avatar_url text,
  wallet_address text,
  role text not null default 'user' constraint profiles_role_valid check (role in ('user', 'moderator', 'admin')),
  reputation integer not null default 0,
  email text,
  is_banned boolean not null default false,
  notification_preferences jsonb not null
    default '{"emailReplies": true, "emailMentions": true, "emailMessages": true, "pushEnabled": false}'::jsonb,
  privacy_settings jsonb not null default '{"showOnline": true, "allowMessages": true, "showActivity": true}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  sync_txid bigint not null default 0
);
-- Usernames are unique regardless of case, so 'Satoshi' cannot impersonate 'satoshi'.
create unique index profiles_username_key on public.profiles (lower(username));
create index profiles_reputation_idx on public.profiles (reputation desc, id);
create index profiles_created_at_idx on public.profiles (created_at desc, id);
create index profiles_username_order_idx on public.profiles (username);

create table public.categories (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint categories_name_not_blank check (name ~ '\S'),
  description text,
  slug text not null unique constraint categories_slug_length check (char_length(slug) between 1 and 100),
  color text not null default '#f5b700',
  type text not null constraint categories_type_valid check (type in ('guapcoin', 'crypto', 'support')),
  order_index integer not null default 0,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  sync_txid bigint not null default 0
);
create index categories_type_order_idx on public.categories (type, order_index);
create index categories_order_idx on public.categories (order_index);

create table public.threads (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique constraint threads_slug_length check (char_length(slug) between 1 and 100),
  title text not null constraint threads_title_length check (char_length(title) between 5 and 200),
  category_id uuid not null references public.categories (id) on delete cascade,
  author_id uuid not null references public.profiles (id) on delete cascade,
  is_pinned boolean not null default false,
  is_locked boolean not null default false,
  is_ad boolean not null default false,
  view_count integer not null default 0,
  reply_count integer not null default 0,
  last_reply_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  sync_txid bigint not null default 0
);
-- A category page: pinned first, then newest.
create index threads_category_list_idx on public.threads (category_id, is_pinned desc, created_at desc);
-- Latest threads on the home page.
create index threads_created_at_idx on public.threads (created_at desc);
create index threads_author_idx on public.threads (author_id);

create table public.posts (
  id uuid primary key default gen_random_uuid(),
  thread_id uuid not null references public.threads (id) on delete cascade,
  author_id uuid not null references public.profiles (id) on delete cascade,
  content text not null,
  type text not null default 'reply' constraint posts_type_valid check (type in ('thread', 'reply')),
  images text[] default '{}',
  is_first_post boolean not null default false,
  is_edited boolean not null default false,
  -- Bumped by trigger on every update; an edit sends the version it was based on (DESIGN section 4).
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  sync_txid bigint not null default 0,
  constraint posts_first_post_is_thread_type check (is_first_post = (type = 'thread')),
  constraint posts_content_length check (
    case when type = 'thread' then char_length(content) >= 10 and content ~ '\S' else content ~ '\S' end
  )
);
-- Posts of a thread, oldest first.
create index posts_thread_list_idx on public.posts (thread_id, created_at, id);
create index posts_author_idx on public.posts (author_id);
-- One opening post per thread.
create unique index posts_one_opening_post_idx on public.posts (thread_id) where type = 'thread';

create table public.messages (
  id uuid primary key default gen_random_uuid(),
  sender_id uuid not null references public.profiles (id) on delete cascade,
  recipient_id uuid not null references public.profiles (id) on delete cascade,
  subject text not null constraint messages_subject_not_blank check (subject ~ '\S'),
  content text not null constraint messages_content_not_blank check (content ~ '\S'),
  is_read boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  sync_txid bigint not null default 0
);
create index messages_inbox_idx on public.messages (recipient_id, created_at desc);
create index messages_sent_idx on public.messages (sender_id, created_at desc);
-- The unread badge counts only these rows.
create index messages_unread_idx on public.messages (recipient_id) where not is_read;

create table public.banned_users (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references public.profiles (id) on delete cascade,
  banned_by uuid references public.profiles (id) on delete set null,
  reason text not null constraint banned_users_reason_not_blank check (btrim(reason) <> ''),
  delete_posts boolean not null default false,
  banned_at timestamptz not null default now()
);
create index banned_users_banned_at_idx on public.banned_users (banned_at desc);

-- Web push endpoints of a member's devices (used by a later issue).
create table public.push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  created_at timestamptz not null default now()
);
create index push_subscriptions_user_idx on public.push_subscriptions (user_id);
