-- Issue 13, part 1: the database queues the notifications. A private message, a reply in a thread a member started
-- or replied in, an @mention and a like each leave a row in public.notifications for the member concerned (never for
-- their own action), synced to that member's mirror alone; and, in the same transaction, one row per channel in
-- public.notification_deliveries, from the member's notification_preferences, for the sender (service role) to
-- claim and finish. A deleted thread, post or message takes its notifications and their deliveries with it.

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  recipient_id uuid not null references public.profiles (id) on delete cascade,
  actor_id uuid references public.profiles (id) on delete set null,
  kind text not null constraint notifications_kind_valid check (kind in ('message', 'reply', 'mention', 'like')),
  thread_id uuid references public.threads (id) on delete cascade,
  post_id uuid references public.posts (id) on delete cascade,
  message_id uuid references public.messages (id) on delete cascade,
  -- How many members a collapsed 'like' stands for ("3 people liked your post"); 1 for the other kinds.
  actor_count integer not null default 1 constraint notifications_actor_count_positive check (actor_count >= 1),
  read_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  sync_txid bigint not null default 0,
  constraint notifications_target check (
    case when kind = 'message'
      then message_id is not null and thread_id is null and post_id is null
      else message_id is null and thread_id is not null and post_id is not null
    end
  )
);
-- The recipient's pull (RLS adds recipient_id = me to the sync_txid window) and unread count.
create index notifications_pull_idx on public.notifications (recipient_id, sync_txid, id);
create index notifications_unread_idx on public.notifications (recipient_id) where read_at is null;
-- A post notifies a member once, by a 'mention' or a 'reply', so an edit never notifies again.
create unique index notifications_post_once_idx on public.notifications (recipient_id, post_id)
  where kind in ('reply', 'mention');
-- Likes collapse into the one unread 'like' of a post; once it is read, the next like starts a new one.
create unique index notifications_unread_like_idx on public.notifications (recipient_id, post_id)
  where kind = 'like' and read_at is null;
create unique index notifications_message_once_idx on public.notifications (message_id) where kind = 'message';
-- The cascades from threads, posts and profiles look the rows up by these.
create index notifications_thread_idx on public.notifications (thread_id) where thread_id is not null;
create index notifications_post_idx on public.notifications (post_id) where post_id is not null;
create index notifications_actor_idx on public.notifications (actor_id) where actor_id is not null;

-- Synced like the other tables (20261101000300_sync.sql). The ids are the server's, so no tombstoned-insert guard.
create trigger zz_set_sync_txid before insert or update on public.notifications
  for each row execute function public.set_sync_txid();
create trigger write_tombstone after delete on public.notifications
  for each row execute function public.write_tombstone();

-- A notification is private to its recipient, so is its tombstone.
create or replace function public.write_tombstone() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  readers uuid[];
begin
  if tg_table_name = 'messages' then
    readers := array[old.sender_id, old.recipient_id];
  elsif tg_table_name = 'post_likes' then
    readers := array[old.user_id];
  elsif tg_table_name = 'notifications' then
    readers := array[old.recipient_id];
  end if;
  insert into public.sync_tombstones (table_name, row_id, sync_txid, visible_to)
  values (tg_table_name, old.id, pg_current_xact_id()::text::bigint, readers)
  on conflict (table_name, row_id) do update
    set sync_txid = excluded.sync_txid, visible_to = excluded.visible_to, deleted_at = now();
  return old;
end $$;

-- The recipient alone reads their notifications. Clients never write them: no insert, update or delete grant; they
-- mark them read through mark_notifications_read().
alter table public.notifications enable row level security;
create policy notifications_select_own on public.notifications for select to anon, authenticated
  using (recipient_id = (select auth.uid()));

-- ---------------------------------------------------------------------------------------------------------------
-- The delivery queue: one row per notification and channel, written and read by the server alone.
create table public.notification_deliveries (
  id uuid primary key default gen_random_uuid(),
  notification_id uuid not null references public.notifications (id) on delete cascade,
  channel text not null constraint notification_deliveries_channel_valid check (channel in ('email', 'push')),
  state text not null default 'queued'
    constraint notification_deliveries_state_valid check (state in ('queued', 'sending', 'sent', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  claimed_at timestamptz,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  constraint notification_deliveries_once unique (notification_id, channel)
);
-- What claim_notification_deliveries() looks for.
create index notification_deliveries_due_idx on public.notification_deliveries (next_attempt_at, id)
  where state = 'queued';
-- RLS with no policy: only the service role, which bypasses it, reaches a row.
alter table public.notification_deliveries enable row level security;

-- A new notification queues its deliveries from the recipient's preferences (boolean flags, checked by
-- profiles_notification_preferences_flags): email by kind (none for likes), push when pushEnabled.
create function public.queue_notification_deliveries() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  prefs jsonb;
  recipient_email text;
  email_toggle text := case new.kind
    when 'message' then 'emailMessages' when 'reply' then 'emailReplies' when 'mention' then 'emailMentions'
  end;
begin
  select p.notification_preferences, p.email into prefs, recipient_email
  from public.profiles p where p.id = new.recipient_id;
  if email_toggle is not null and recipient_email is not null
     and coalesce(prefs -> email_toggle, 'true'::jsonb) = 'true'::jsonb then
    insert into public.notification_deliveries (notification_id, channel) values (new.id, 'email');
  end if;
  if coalesce(prefs -> 'pushEnabled', 'false'::jsonb) = 'true'::jsonb then
    insert into public.notification_deliveries (notification_id, channel) values (new.id, 'push');
  end if;
  return null;
end $$;

create trigger queue_notification_deliveries after insert on public.notifications
  for each row execute function public.queue_notification_deliveries();

-- ---------------------------------------------------------------------------------------------------------------
-- What notifies whom. The triggers are security definer: the actor may not write another member's notifications.

-- A private message notifies its recipient. A retried send (on conflict do nothing) inserts no row, so none fires.
create function public.notify_message() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.recipient_id is distinct from new.sender_id then
    insert into public.notifications (recipient_id, actor_id, kind, message_id)
    values (new.recipient_id, new.sender_id, 'message', new.id)
    on conflict (message_id) where kind = 'message' do nothing;
  end if;
  return null;
end $$;

create trigger notify_message after insert on public.messages
  for each row execute function public.notify_message();

-- The members a post's content mentions as @username (case-insensitive, as profiles_username_key). Code is no
-- mention: fenced blocks (``` or ~~~, closed or running to the end) and inline `code` are dropped first. A name
-- ends on a letter, digit or underscore, so "@alice." is alice; an "@" after a letter or digit is an email address.
-- At most 20 names per post, so one post cannot page the whole forum.
create function public.mentioned_members(content text) returns setof uuid
language sql stable set search_path = '' as $$
  select p.id
  from (
    select distinct lower(m[1]) as name
    from regexp_matches(
      regexp_replace(regexp_replace(regexp_replace(
        mentioned_members.content,
        '```.*?(```|$)', ' ', 'g'),
        '~~~.*?(~~~|$)', ' ', 'g'),
        '`[^`\n]*`', ' ', 'g'),
      '(?:^|[^\w@])@(\w(?:[\w.-]*\w)?)', 'g') as m
    limit 20
  ) mentioned
  join public.profiles p on lower(p.username) = mentioned.name
$$;

-- A new post notifies the members it mentions ('mention'); a new reply also notifies the thread's author and every
-- earlier replier ('reply'), except those it mentions: one notification per member per post. An edit notifies only
-- the members it newly mentions. Never the post's author.
create function public.notify_post() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.notifications (recipient_id, actor_id, kind, thread_id, post_id)
  select m.id, new.author_id, 'mention', new.thread_id, new.id
  from public.mentioned_members(new.content) m(id)
  where m.id is distinct from new.author_id
  on conflict (recipient_id, post_id) where kind in ('reply', 'mention') do nothing;
  if tg_op = 'INSERT' and new.type = 'reply' then
    insert into public.notifications (recipient_id, actor_id, kind, thread_id, post_id)
    select r.id, new.author_id, 'reply', new.thread_id, new.id
    from (
      select t.author_id as id from public.threads t where t.id = new.thread_id
      union
      select p.author_id from public.posts p where p.thread_id = new.thread_id and p.type = 'reply' and p.id <> new.id
    ) r
    where r.id is not null and r.id is distinct from new.author_id
    on conflict (recipient_id, post_id) where kind in ('reply', 'mention') do nothing;
  end if;
  return null;
end $$;

create trigger notify_post after insert on public.posts
  for each row execute function public.notify_post();
create trigger notify_post_edit after update of content on public.posts
  for each row when (old.content is distinct from new.content) execute function public.notify_post();

-- A like adds to the post author's unread 'like' of that post (the newest liker named, brought to the top), or
-- starts one. Taking a like back takes one off that unread notification, naming the newest remaining liker, and
-- removes it at zero, so its queued push goes too; a notification already read stays as it was read. The names sort
-- after count_post_like, whose update of the post row serializes concurrent likes of one post.
create function public.notify_like() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  post_author uuid;
  post_thread uuid;
begin
  if tg_op = 'INSERT' then
    select p.author_id, p.thread_id into post_author, post_thread from public.posts p where p.id = new.post_id;
    if post_author is null or post_author = new.user_id then
      return null;
    end if;
    insert into public.notifications (recipient_id, actor_id, kind, thread_id, post_id)
    values (post_author, new.user_id, 'like', post_thread, new.post_id)
    on conflict (recipient_id, post_id) where kind = 'like' and read_at is null do update
      set actor_count = public.notifications.actor_count + 1, actor_id = excluded.actor_id, created_at = now(),
          updated_at = now();
    return null;
  end if;
  delete from public.notifications n
  where n.post_id = old.post_id and n.kind = 'like' and n.read_at is null and n.actor_count = 1;
  update public.notifications n
  set actor_count = n.actor_count - 1,
      actor_id = (
        select l.user_id from public.post_likes l where l.post_id = old.post_id order by l.created_at desc, l.id limit 1
      ),
      updated_at = now()
  where n.post_id = old.post_id and n.kind = 'like' and n.read_at is null;
  return null;
end $$;

create trigger notify_like after insert or delete on public.post_likes
  for each row execute function public.notify_like();

-- ---------------------------------------------------------------------------------------------------------------
-- Marking read: the caller's own notifications only (all of them when ids is null). Returns how many were unread
-- and are now read; an id that is someone else's, gone or already read counts 0 and changes nothing.
create function public.mark_notifications_read(ids uuid[] default null) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := auth.uid();
  marked integer;
begin
  if me is null then
    raise exception 'You must be signed in' using errcode = '42501';
  end if;
  update public.notifications n
  set read_at = now(), updated_at = now()
  where n.recipient_id = me and n.read_at is null and (ids is null or n.id = any (ids));
  get diagnostics marked = row_count;
  return marked;
end $$;

-- ---------------------------------------------------------------------------------------------------------------
-- The sender's side.

-- Plain text of a post or message for a mail or push body, as member_activity's excerpt (markdown links and images
-- to their text, markup characters dropped), cut at 140 characters.
create function public.notification_excerpt(content text) returns text
language sql immutable set search_path = '' as $$
  select case when char_length(flat.plain) > 140 then rtrim(left(flat.plain, 139)) || '…' else flat.plain end
  from (
    select btrim(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
      left(notification_excerpt.content, 2000),
      '!?\[([^\]]*)\]\([^)]*\)', '\1', 'g'),
      '\[youtube:[\w-]+\]', '', 'g'),
      '[#>*_`~|]+', ' ', 'g'),
      '\s+', ' ', 'g')) as plain
  ) flat
$$;

-- Hands out up to max_rows due deliveries, each once: they move to 'sending' in this transaction, and a 'sending'
-- row is never handed out again, so a sender that crashes after sending and before finishing cannot send it twice
-- (at most once per channel; such a row waits in 'sending' for a person to look at it). skip locked lets two
-- senders claim side by side. A delivery whose thread, post or message is gone went with it (cascade).
create function public.claim_notification_deliveries(max_rows integer)
returns table (
  delivery_id uuid, channel text, attempt integer, notification_id uuid, kind text, recipient_id uuid,
  recipient_email text, actor_id uuid, actor_name text, actor_count integer, thread_id uuid, thread_slug text,
  thread_title text, post_id uuid, message_id uuid, message_subject text, excerpt text, created_at timestamptz
)
language plpgsql volatile security definer set search_path = '' as $$
begin
  if max_rows is null or max_rows not between 1 and 1000 then
    raise exception 'max_rows must be between 1 and 1000' using errcode = '22023';
  end if;
  return query
  with due as (
    select d.id from public.notification_deliveries d
    where d.state = 'queued' and d.next_attempt_at <= now()
    order by d.next_attempt_at, d.id
    limit max_rows
    for update skip locked
  ),
  claimed as (
    update public.notification_deliveries d
    set state = 'sending', attempts = d.attempts + 1, claimed_at = now()
    from due
    where d.id = due.id
    returning d.id, d.channel, d.attempts, d.notification_id, d.next_attempt_at
  )
  select c.id, c.channel, c.attempts, n.id, n.kind, n.recipient_id, r.email, n.actor_id,
         coalesce(nullif(btrim(a.display_name), ''), a.username), n.actor_count, n.thread_id, t.slug, t.title,
         n.post_id, n.message_id, m.subject, public.notification_excerpt(coalesce(p.content, m.content)),
         n.created_at
  from claimed c
  join public.notifications n on n.id = c.notification_id
  join public.profiles r on r.id = n.recipient_id
  left join public.profiles a on a.id = n.actor_id
  left join public.threads t on t.id = n.thread_id
  left join public.posts p on p.id = n.post_id
  left join public.messages m on m.id = n.message_id
  order by c.next_attempt_at, c.id;
end $$;

-- The sender's answer for a claimed delivery: sent, or failed and queued again after 30 s, 1 min, 2 min, ... 32 min,
-- until the 8th failed attempt gives up (so no wait exceeds an hour). Only a 'sending' delivery can be finished, once.
create function public.finish_notification_delivery(id uuid, ok boolean, error text default null) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  state_now text;
begin
  if ok is null then
    raise exception 'ok must be true or false' using errcode = '22023';
  end if;
  update public.notification_deliveries d
  set state = case when ok then 'sent' when d.attempts >= 8 then 'failed' else 'queued' end,
      sent_at = case when ok then now() end,
      last_error = case when ok then null else left(coalesce(error, 'Delivery failed'), 2000) end,
      next_attempt_at = case
        when ok then d.next_attempt_at
        else now() + interval '30 seconds' * power(2, d.attempts - 1)
      end
  where d.id = finish_notification_delivery.id and d.state = 'sending'
  returning d.state into state_now;
  if state_now is null then
    raise exception 'Delivery % is not being sent: it was never claimed, is finished already, or is gone',
      finish_notification_delivery.id using errcode = '22023';
  end if;
  return state_now;
end $$;

-- ---------------------------------------------------------------------------------------------------------------
-- Grants, stated as in 20261124000200_member_rules.sql: nothing by default, then each caller by name.
revoke all on table public.notifications, public.notification_deliveries from anon, authenticated, service_role;
-- anon may ask, and RLS answers no rows (a visitor's mirror pulls every synced table the same way).
grant select on table public.notifications to anon, authenticated;
grant select, insert, update, delete on table public.notifications, public.notification_deliveries to service_role;

revoke execute on function
  public.queue_notification_deliveries(), public.notify_message(), public.mentioned_members(text),
  public.notify_post(), public.notify_like(), public.mark_notifications_read(uuid[]),
  public.notification_excerpt(text), public.claim_notification_deliveries(integer),
  public.finish_notification_delivery(uuid, boolean, text)
from public, anon, authenticated, service_role;
grant execute on function public.mark_notifications_read(uuid[]) to authenticated;
grant execute on function
  public.claim_notification_deliveries(integer), public.finish_notification_delivery(uuid, boolean, text)
to service_role;
