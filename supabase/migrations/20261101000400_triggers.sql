-- What the database keeps by itself, whatever a client sends: profiles on sign-up, timestamps, reply counts,
-- post versions, and the guards that refuse (42501, in words) what a member may not change.
--
-- Guards act only on API callers (public.is_api_caller(): the anon and authenticated roles). The seed, migrations,
-- the service role and the security definer functions below run as other roles and are trusted.
--
-- Trigger order: Postgres fires the triggers of one event in name order. The guards are named guard_* so they run
-- before refuse_tombstoned_insert and set_* / zz_set_sync_txid of 20261101000300_sync.sql; a guard that returns
-- null (a profile that already exists) therefore skips the rest. Row-level security WITH CHECK runs after all
-- BEFORE triggers, so a guard's message is the one a client sees.

-- True when the signed-in caller's own profile is banned.
create function public.caller_is_banned() returns boolean
language sql stable set search_path = '' as $$
  select exists (select 1 from public.profiles where id = auth.uid() and is_banned)
$$;

-- ---------------------------------------------------------------------------------------------------------------
-- Profiles follow accounts.

-- A profile for every new account. The username comes from the sign-up data; when it is missing, too short or
-- taken, a valid, unique one is made from it (or from the email), so a sign-up never fails on its profile.
create function public.handle_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  base text;
  candidate text;
  attempt integer := 0;
begin
  base := btrim(regexp_replace(coalesce(new.raw_user_meta_data ->> 'username', ''), '\s+', '_', 'g'));
  if base = '' then
    base := split_part(coalesce(new.email, ''), '@', 1);
  end if;
  if base = '' then
    base := 'member';
  end if;
  base := left(base, 40);
  if char_length(base) < 3 then
    base := rpad(base, 3, '_');
  end if;
  candidate := base;
  loop
    -- Skip names already taken; the exception below covers a concurrent sign-up taking the same one.
    while exists (select 1 from public.profiles where lower(username) = lower(candidate)) loop
      attempt := attempt + 1;
      candidate := case
        when attempt < 20 then base || '_' || attempt
        else left(base, 30) || '_' || substr(md5(random()::text), 1, 8)
      end;
    end loop;
    begin
      insert into public.profiles (id, username, display_name, email, created_at, updated_at)
      values (
        new.id,
        candidate,
        nullif(btrim(coalesce(new.raw_user_meta_data ->> 'display_name', '')), ''),
        new.email,
        coalesce(new.created_at, now()),
        coalesce(new.created_at, now())
      )
      on conflict (id) do nothing;
      return new;
    exception when unique_violation then
      attempt := attempt + 1;
      if attempt > 40 then
        raise;
      end if;
    end;
  end loop;
end $$;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function public.handle_new_user();

-- The profile's email copy follows the account's email.
create function public.handle_user_email_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.profiles set email = new.email where id = new.id;
  return new;
end $$;

create trigger on_auth_user_email_changed after update of email on auth.users
  for each row when (old.email is distinct from new.email) execute function public.handle_user_email_change();

-- SPEC section 4: after a sign-up with an immediate session the app inserts the profile itself. The trigger above
-- made it already, so that insert is a harmless no-op. A member whose profile is missing gets a plain one.
create function public.guard_profile_insert() returns trigger
language plpgsql set search_path = '' as $$
begin
  if not public.is_api_caller() then
    return new;
  end if;
  if exists (select 1 from public.profiles where id = new.id) then
    return null;
  end if;
  new.role := 'user';
  new.reputation := 0;
  new.is_banned := false;
  new.email := auth.jwt() ->> 'email';
  return new;
end $$;

create trigger guard_profile_insert before insert on public.profiles
  for each row execute function public.guard_profile_insert();

-- Who may change what on a profile (the RLS policy lets only the owner and staff reach a row at all):
--   * the owner edits their own fields, never their own role, ban or reputation;
--   * admins set anyone else's role, ban and reputation;
--   * moderators promote a plain user to moderator (SPEC section 6: "change the role of plain users to user or
--     moderator"); demoting a moderator, or anything about admins, is for admins;
--   * nobody edits another member's own fields (name, bio, avatar, settings).
create function public.guard_profile_update() returns trigger
language plpgsql set search_path = '' as $$
declare
  me uuid := auth.uid();
begin
  if not public.is_api_caller() then
    return new;
  end if;
  if public.caller_is_banned() then
    raise exception 'Your account is banned' using errcode = '42501';
  end if;
  if new.id is distinct from old.id or new.email is distinct from old.email then
    raise exception 'A profile''s id and email cannot be changed' using errcode = '42501';
  end if;
  if old.id = me then
    if new.role is distinct from old.role then
      raise exception 'You cannot change your own role' using errcode = '42501';
    end if;
    if new.is_banned is distinct from old.is_banned then
      raise exception 'You cannot change your own ban status' using errcode = '42501';
    end if;
    if new.reputation is distinct from old.reputation then
      raise exception 'You cannot change your own reputation' using errcode = '42501';
    end if;
    return new;
  end if;
  if (new.username, new.display_name, new.bio, new.avatar_url, new.wallet_address,
      new.notification_preferences, new.privacy_settings)
     is distinct from
     (old.username, old.display_name, old.bio, old.avatar_url, old.wallet_address,
      old.notification_preferences, old.privacy_settings) then
    raise exception 'You can only edit your own profile' using errcode = '42501';
  end if;
  if new.role is distinct from old.role and not public.is_admin() then
    if not (public.is_staff() and old.role = 'user' and new.role = 'moderator') then
      raise exception 'Only admins can make this role change; moderators may only promote a user to moderator'
        using errcode = '42501';
    end if;
  end if;
  if new.is_banned is distinct from old.is_banned and not public.is_admin() then
    raise exception 'Only admins can ban or unban members' using errcode = '42501';
  end if;
  if new.reputation is distinct from old.reputation and not public.is_admin() then
    raise exception 'Only admins can change reputation' using errcode = '42501';
  end if;
  return new;
end $$;

create trigger guard_profile_update before update on public.profiles
  for each row execute function public.guard_profile_update();

-- ---------------------------------------------------------------------------------------------------------------
-- Timestamps: created_at is the server's for API inserts (an offline client may send a stale one) and never
-- changes; updated_at is now() on every update. A trusted caller may set updated_at explicitly (the seed does).
create function public.set_timestamps() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    if public.is_api_caller() then
      new.created_at := now();
      new.updated_at := now();
    end if;
    return new;
  end if;
  new.created_at := old.created_at;
  if public.is_api_caller() or new.updated_at is not distinct from old.updated_at then
    new.updated_at := now();
  end if;
  return new;
end $$;

do $$
declare
  t text;
begin
  foreach t in array array['categories', 'threads', 'posts', 'messages', 'profiles'] loop
    execute format(
      'create trigger set_timestamps before insert or update on public.%I for each row execute function public.set_timestamps()', t);
  end loop;
end $$;

-- ---------------------------------------------------------------------------------------------------------------
-- Threads.

-- Counters belong to the server: view_count moves only through increment_thread_view_count(), reply_count and
-- last_reply_at only through the posts triggers, so a client's PATCH of them (SPEC: "PATCH thread by id:
-- reply_count, last_reply_at") keeps the server's values instead of overwriting a concurrent reply.
-- Pinning, locking and ads are for staff. An author may edit their own thread's title, and nothing else: the slug
-- stays, so links keep working.
create function public.guard_thread_write() returns trigger
language plpgsql set search_path = '' as $$
begin
  if not public.is_api_caller() then
    return new;
  end if;
  if public.caller_is_banned() then
    raise exception 'Your account is banned' using errcode = '42501';
  end if;
  if tg_op = 'INSERT' then
    if (new.is_pinned or new.is_locked or new.is_ad) and not public.is_staff() then
      raise exception 'Only moderators and admins can pin, lock or mark a thread as an ad' using errcode = '42501';
    end if;
    new.view_count := 0;
    new.reply_count := 0;
    new.last_reply_at := null;
    return new;
  end if;
  new.view_count := old.view_count;
  new.reply_count := old.reply_count;
  new.last_reply_at := old.last_reply_at;
  if (new.is_pinned, new.is_locked, new.is_ad) is distinct from (old.is_pinned, old.is_locked, old.is_ad)
     and not public.is_staff() then
    raise exception 'Only moderators and admins can pin, lock or mark a thread as an ad' using errcode = '42501';
  end if;
  if new.id is distinct from old.id or new.author_id is distinct from old.author_id then
    raise exception 'The author of a thread cannot be changed' using errcode = '42501';
  end if;
  if (new.category_id, new.slug) is distinct from (old.category_id, old.slug) and not public.is_staff() then
    raise exception 'Authors may only edit the title of their thread' using errcode = '42501';
  end if;
  return new;
end $$;

create trigger guard_thread_write before insert or update on public.threads
  for each row execute function public.guard_thread_write();

-- ---------------------------------------------------------------------------------------------------------------
-- Posts.

create function public.guard_post_write() returns trigger
language plpgsql set search_path = '' as $$
declare
  thread_author uuid;
  thread_locked boolean;
begin
  if not public.is_api_caller() then
    return new;
  end if;
  if public.caller_is_banned() then
    raise exception 'Your account is banned' using errcode = '42501';
  end if;
  if tg_op = 'INSERT' then
    -- A retried insert of a post that already landed: "on conflict do nothing" (or the duplicate key) answers it,
    -- even if the thread was locked since.
    if exists (select 1 from public.posts where id = new.id) then
      return new;
    end if;
    select author_id, is_locked into thread_author, thread_locked from public.threads where id = new.thread_id;
    if thread_locked and not public.is_staff() then
      raise exception 'Thread is locked' using errcode = '42501', hint = 'Replies to a locked thread are closed.';
    end if;
    if new.type = 'thread' and thread_author is distinct from new.author_id then
      raise exception 'Only the author of a thread can write its opening post' using errcode = '42501';
    end if;
    new.is_edited := false;
    new.version := 1;
    return new;
  end if;
  if (new.id, new.thread_id, new.author_id, new.type, new.is_first_post)
     is distinct from (old.id, old.thread_id, old.author_id, old.type, old.is_first_post) then
    raise exception 'Only the content and images of a post can be edited' using errcode = '42501';
  end if;
  return new;
end $$;

create trigger guard_post_write before insert or update on public.posts
  for each row execute function public.guard_post_write();

-- The opening post is the one of type 'thread': SPEC's "POST post" sends the type but not is_first_post.
create function public.set_first_post() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.is_first_post := new.type = 'thread';
  return new;
end $$;

create trigger set_first_post before insert on public.posts
  for each row execute function public.set_first_post();

-- Every update bumps the version an edit is based on (DESIGN section 4); a change of the words marks the post edited.
create function public.set_post_version() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.version := old.version + 1;
  if (new.content, new.images) is distinct from (old.content, old.images) then
    new.is_edited := true;
  elsif public.is_api_caller() then
    new.is_edited := old.is_edited;
  end if;
  return new;
end $$;

create trigger set_post_version before update on public.posts
  for each row execute function public.set_post_version();

-- reply_count and last_reply_at follow the replies. The row lock of the thread's update serializes concurrent
-- replies, and each adds one to the committed count, so two members replying at once both count.
-- Security definer: the replier may not update someone else's thread.
create function public.count_replies() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    if new.type = 'reply' then
      update public.threads
      set reply_count = reply_count + 1, last_reply_at = greatest(last_reply_at, new.created_at)
      where id = new.thread_id;
    end if;
    return new;
  end if;
  if old.type = 'reply' then
    update public.threads t
    set reply_count = greatest(t.reply_count - 1, 0),
        last_reply_at = (select max(p.created_at) from public.posts p where p.thread_id = t.id and p.type = 'reply')
    where t.id = old.thread_id;
  end if;
  return old;
end $$;

create trigger count_replies after insert or delete on public.posts
  for each row execute function public.count_replies();

-- ---------------------------------------------------------------------------------------------------------------
-- Messages: the sender writes it once; the recipient may only mark it read.
create function public.guard_message_write() returns trigger
language plpgsql set search_path = '' as $$
begin
  if not public.is_api_caller() then
    return new;
  end if;
  if public.caller_is_banned() then
    raise exception 'Your account is banned' using errcode = '42501';
  end if;
  if tg_op = 'INSERT' then
    if exists (select 1 from public.messages where id = new.id) then
      return new;
    end if;
    if not public.accepts_messages(new.recipient_id) then
      raise exception 'This member does not accept private messages' using errcode = '42501';
    end if;
    new.is_read := false;
    return new;
  end if;
  if (new.id, new.sender_id, new.recipient_id, new.subject, new.content)
     is distinct from (old.id, old.sender_id, old.recipient_id, old.subject, old.content) then
    raise exception 'A sent message cannot be changed; its recipient can only mark it read' using errcode = '42501';
  end if;
  return new;
end $$;

create trigger guard_message_write before insert or update on public.messages
  for each row execute function public.guard_message_write();

-- ---------------------------------------------------------------------------------------------------------------
-- Bans: a banned_users row and profiles.is_banned always agree, whichever way the ban was made (ban_user(), or
-- the app's own POST banned_users then PATCH profile).
create function public.guard_ban_insert() returns trigger
language plpgsql set search_path = '' as $$
begin
  if not public.is_api_caller() then
    return new;
  end if;
  if new.user_id = auth.uid() then
    raise exception 'You cannot ban yourself' using errcode = '42501';
  end if;
  new.banned_by := auth.uid();
  new.banned_at := now();
  return new;
end $$;

create trigger guard_ban_insert before insert on public.banned_users
  for each row execute function public.guard_ban_insert();

create function public.sync_ban_flag() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    update public.profiles set is_banned = true where id = new.user_id and not is_banned;
    return new;
  end if;
  update public.profiles set is_banned = false
  where id = old.user_id and is_banned
    and not exists (select 1 from public.banned_users where user_id = old.user_id);
  return old;
end $$;

create trigger sync_ban_flag after insert or delete on public.banned_users
  for each row execute function public.sync_ban_flag();

-- Trigger functions are never called directly; keep them out of the API's rpc list.
revoke execute on function
  public.handle_new_user(), public.handle_user_email_change(), public.guard_profile_insert(),
  public.guard_profile_update(), public.set_timestamps(), public.guard_thread_write(), public.guard_post_write(),
  public.set_first_post(), public.set_post_version(), public.count_replies(), public.guard_message_write(), public.guard_ban_insert(),
  public.sync_ban_flag()
from public, anon, authenticated;
