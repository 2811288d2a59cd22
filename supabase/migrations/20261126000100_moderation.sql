-- Issue 14, the audit log: the database records every moderation action itself, in the action's own transaction,
-- one row per action, in public.moderation_log. Nobody changes or deletes a row, not even an admin, not even the
-- service role; admins read it.
--
-- What writes a row, and when:
--   * role_change: a profile's role changed by a signed-in member (an admin, or a moderator within the guard's rules);
--   * ban, unban: a banned_users row made, replaced or removed (ban_user(), unban_user(), or the app's own POST and
--     DELETE of banned_users), whoever does it; unban_user() also logs clearing an is_banned that had no record;
--   * delete_post, delete_thread: a signed-in member deleting a post or thread that is not theirs. A post that goes
--     with its thread, or with its author's ban (ban_user with delete_posts), writes no row of its own: the
--     delete_thread or ban row covers it;
--   * pin, unpin, lock, unlock, mark_ad, unmark_ad, move_thread: one row per changed flag of a thread, by staff;
--   * report_post, dismiss_report, resolve_report: 20261126000200_reports.sql.
-- Writes made by the database owner, migrations and the seed (no signed-in member) are not moderation and write no
-- row, except bans, which always do.
-- Usernames are copied in at write time, so a row still reads well after the member's account is gone.

create table public.moderation_log (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  actor_id uuid references public.profiles (id) on delete set null,
  actor_username text,
  action text not null constraint moderation_log_action_valid check (action in (
    'role_change', 'ban', 'unban', 'delete_post', 'delete_thread', 'pin', 'unpin', 'lock', 'unlock', 'mark_ad',
    'unmark_ad', 'move_thread', 'report_post', 'dismiss_report', 'resolve_report'
  )),
  target_user_id uuid references public.profiles (id) on delete set null,
  target_username text,
  -- No foreign keys: the row outlives the thread or post it is about.
  thread_id uuid,
  post_id uuid,
  reason text,
  details jsonb not null default '{}'::jsonb
);
-- The Log tab: newest first, pages of 50, filtered by actor, action and date.
create index moderation_log_created_idx on public.moderation_log (created_at desc, id desc);
create index moderation_log_actor_idx on public.moderation_log (actor_id, created_at desc);
create index moderation_log_target_idx on public.moderation_log (target_user_id) where target_user_id is not null;

alter table public.moderation_log enable row level security;
create policy moderation_log_select_admin on public.moderation_log for select to authenticated
  using ((select public.is_admin()));

-- Append-only, for everyone: no API role has a write grant, and this refuses any UPDATE or DELETE that reaches the
-- table anyway (the owner, a security definer function). The one update let through is the foreign keys' own
-- "on delete set null" when an actor's or target's account is deleted: it only clears those ids.
create function public.refuse_moderation_log_change() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'UPDATE'
     and (to_jsonb(new) - 'actor_id' - 'target_user_id') = (to_jsonb(old) - 'actor_id' - 'target_user_id')
     and (new.actor_id is null or new.actor_id = old.actor_id)
     and (new.target_user_id is null or new.target_user_id = old.target_user_id) then
    return new;
  end if;
  raise exception 'The moderation log cannot be changed' using errcode = '42501';
end $$;

create trigger refuse_moderation_log_change before update or delete on public.moderation_log
  for each row execute function public.refuse_moderation_log_change();

-- The one writer of the log. The actor is the signed-in caller (auth.uid(), which security definer keeps), and the
-- usernames are read now. An account that is being deleted in this very transaction is named by username only.
create function public.write_moderation_log(
  action text,
  target_user uuid default null,
  thread uuid default null,
  post uuid default null,
  reason text default null,
  details jsonb default '{}'::jsonb
) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  actor uuid := auth.uid();
  actor_name text;
  target_name text;
begin
  select p.username into actor_name from public.profiles p where p.id = actor;
  if not found then
    actor := null;
  end if;
  select p.username into target_name from public.profiles p where p.id = write_moderation_log.target_user;
  insert into public.moderation_log
    (actor_id, actor_username, action, target_user_id, target_username, thread_id, post_id, reason, details)
  values (
    actor, actor_name, write_moderation_log.action,
    case when target_name is not null then write_moderation_log.target_user end, target_name,
    write_moderation_log.thread, write_moderation_log.post, write_moderation_log.reason,
    coalesce(write_moderation_log.details, '{}'::jsonb)
  );
end $$;

-- ---------------------------------------------------------------------------------------------------------------
-- Roles: the profile PATCH of the members directory and the moderation panel (the guard decides who may).
create function public.log_role_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if auth.uid() is not null then
    perform public.write_moderation_log(
      'role_change', new.id, details => jsonb_build_object('from', old.role, 'to', new.role));
  end if;
  return null;
end $$;

create trigger log_role_change after update of role on public.profiles
  for each row when (old.role is distinct from new.role) execute function public.log_role_change();

-- ---------------------------------------------------------------------------------------------------------------
-- Bans. A banned_users row that goes with its member's account (cascade) is no unban.
create function public.log_ban() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'DELETE' then
    if exists (select 1 from public.profiles where id = old.user_id) then
      perform public.write_moderation_log('unban', old.user_id);
    end if;
    return null;
  end if;
  perform public.write_moderation_log(
    'ban', new.user_id, reason => new.reason, details => jsonb_build_object('delete_posts', new.delete_posts));
  return null;
end $$;

create trigger log_ban after insert or delete on public.banned_users
  for each row execute function public.log_ban();
-- A ban made again (ban_user() on a banned member replaces the reason). Not the foreign key clearing banned_by when
-- the banning admin's account goes: that sets banned_by alone.
create trigger log_ban_replaced after update of reason, delete_posts, banned_at on public.banned_users
  for each row execute function public.log_ban();

-- ---------------------------------------------------------------------------------------------------------------
-- Deleting what someone else wrote.
create function public.log_thread_delete() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if auth.uid() is not null and old.author_id is distinct from auth.uid() then
    perform public.write_moderation_log(
      'delete_thread', old.author_id, old.id, details => jsonb_build_object('title', old.title));
  end if;
  return null;
end $$;

create trigger log_thread_delete after delete on public.threads
  for each row execute function public.log_thread_delete();

-- 'guap.ban_in_progress' is set by ban_user() around its deletion of the banned member's posts (a transaction-local
-- setting the API cannot reach). A post whose thread is gone went with the thread.
create function public.log_post_delete() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if auth.uid() is null or old.author_id is not distinct from auth.uid()
     or coalesce(current_setting('guap.ban_in_progress', true), '') = 'on'
     or not exists (select 1 from public.threads where id = old.thread_id) then
    return null;
  end if;
  perform public.write_moderation_log('delete_post', old.author_id, old.thread_id, old.id);
  return null;
end $$;

create trigger log_post_delete after delete on public.posts
  for each row execute function public.log_post_delete();

-- ---------------------------------------------------------------------------------------------------------------
-- Thread tools: pin, lock, ad and move (the guard lets only staff change them), one row per changed flag.
create function public.log_thread_tools() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if auth.uid() is null then
    return null;
  end if;
  if new.is_pinned is distinct from old.is_pinned then
    perform public.write_moderation_log(case when new.is_pinned then 'pin' else 'unpin' end, new.author_id, new.id);
  end if;
  if new.is_locked is distinct from old.is_locked then
    perform public.write_moderation_log(case when new.is_locked then 'lock' else 'unlock' end, new.author_id, new.id);
  end if;
  if new.is_ad is distinct from old.is_ad then
    perform public.write_moderation_log(
      case when new.is_ad then 'mark_ad' else 'unmark_ad' end, new.author_id, new.id);
  end if;
  if new.category_id is distinct from old.category_id then
    perform public.write_moderation_log('move_thread', new.author_id, new.id, details => jsonb_build_object(
      'from_category_id', old.category_id, 'to_category_id', new.category_id));
  end if;
  return null;
end $$;

create trigger log_thread_tools after update of is_pinned, is_locked, is_ad, category_id on public.threads
  for each row
  when ((old.is_pinned, old.is_locked, old.is_ad, old.category_id)
        is distinct from (new.is_pinned, new.is_locked, new.is_ad, new.category_id))
  execute function public.log_thread_tools();

-- ---------------------------------------------------------------------------------------------------------------
-- ban_user() as in 20261101000500_functions.sql, still one transaction: the banned_users row (and its 'ban' log row,
-- by trigger), is_banned, the open reports of the member's posts resolved as 'author_banned'
-- (resolve_author_reports() of 20261126000200_reports.sql), then, with
-- delete_posts, the posts, which write no delete_post rows of their own. A failure anywhere changes nothing.
create or replace function public.ban_user(target uuid, reason text, delete_posts boolean default false) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := auth.uid();
begin
  if not public.is_admin() then
    raise exception 'Only admins can ban members' using errcode = '42501';
  end if;
  if ban_user.target = me then
    raise exception 'You cannot ban yourself' using errcode = '42501';
  end if;
  if btrim(coalesce(ban_user.reason, '')) = '' then
    raise exception 'Please provide a reason for the ban' using errcode = '22023';
  end if;
  if not exists (select 1 from public.profiles where id = ban_user.target) then
    raise exception 'No member with this id' using errcode = '22023';
  end if;
  insert into public.banned_users (user_id, banned_by, reason, delete_posts)
  values (ban_user.target, me, btrim(ban_user.reason), coalesce(ban_user.delete_posts, false))
  on conflict (user_id) do update
    set banned_by = excluded.banned_by, reason = excluded.reason, delete_posts = excluded.delete_posts,
        banned_at = now();
  update public.profiles set is_banned = true where id = ban_user.target and not is_banned;
  perform public.resolve_author_reports(ban_user.target);
  if coalesce(ban_user.delete_posts, false) then
    perform set_config('guap.ban_in_progress', 'on', true);
    delete from public.posts where author_id = ban_user.target;
    perform set_config('guap.ban_in_progress', '', true);
  end if;
end $$;

-- Unbanning removes the record (its trigger logs the unban) and clears is_banned; deleted posts stay deleted.
create or replace function public.unban_user(target uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  records integer;
  cleared integer;
begin
  if not public.is_admin() then
    raise exception 'Only admins can unban members' using errcode = '42501';
  end if;
  delete from public.banned_users where user_id = unban_user.target;
  get diagnostics records = row_count;
  update public.profiles set is_banned = false where id = unban_user.target and is_banned;
  get diagnostics cleared = row_count;
  if records = 0 and cleared > 0 then
    perform public.write_moderation_log('unban', unban_user.target);
  end if;
end $$;

-- ---------------------------------------------------------------------------------------------------------------
-- Grants, stated as in 20261124000200_member_rules.sql: nothing by default, then each caller by name.
revoke all on table public.moderation_log from anon, authenticated, service_role;
grant select on table public.moderation_log to authenticated, service_role;

revoke execute on function
  public.refuse_moderation_log_change(), public.write_moderation_log(text, uuid, uuid, uuid, text, jsonb),
  public.log_role_change(), public.log_ban(), public.log_thread_delete(), public.log_post_delete(),
  public.log_thread_tools()
from public, anon, authenticated, service_role;
