-- The remote procedures of SPEC section 7: view counts, account deletion, and bans as one atomic call each.
-- They are security definer because each does something its caller may not do row by row (bump a counter on
-- someone's thread, delete an auth user, write banned_users and is_banned together); each checks its caller first.

-- "Opening a thread increments its view count once per load": callable by visitors too.
create function public.increment_thread_view_count(thread_id uuid) returns void
language sql volatile security definer set search_path = '' as $$
  update public.threads set view_count = view_count + 1 where id = increment_thread_view_count.thread_id
$$;
revoke execute on function public.increment_thread_view_count(uuid) from public;
grant execute on function public.increment_thread_view_count(uuid) to anon, authenticated;

-- Deletes the caller's own account; the profile and everything it wrote go with it (foreign keys cascade), and
-- the deletions leave tombstones for the clients' mirrors.
create function public.delete_user() returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := auth.uid();
begin
  if me is null then
    raise exception 'You must be signed in to delete your account' using errcode = '42501';
  end if;
  delete from auth.users where id = me;
end $$;
revoke execute on function public.delete_user() from public, anon;
grant execute on function public.delete_user() to authenticated;

-- SPEC section 4 "Ban": the banned_users record, is_banned, and optionally the deletion of all the member's posts,
-- in one transaction. Banning a banned member again replaces the reason. Only the posts go (SPEC: "DELETE posts
-- by author_id"); threads stay, with their other members' replies.
create function public.ban_user(target uuid, reason text, delete_posts boolean default false) returns void
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
  if coalesce(ban_user.delete_posts, false) then
    delete from public.posts where author_id = ban_user.target;
  end if;
end $$;
revoke execute on function public.ban_user(uuid, text, boolean) from public, anon;
grant execute on function public.ban_user(uuid, text, boolean) to authenticated;

-- Unbanning removes the record and clears is_banned (deleted posts stay deleted).
create function public.unban_user(target uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if not public.is_admin() then
    raise exception 'Only admins can unban members' using errcode = '42501';
  end if;
  delete from public.banned_users where user_id = unban_user.target;
  update public.profiles set is_banned = false where id = unban_user.target and is_banned;
end $$;
revoke execute on function public.unban_user(uuid) from public, anon;
grant execute on function public.unban_user(uuid) to authenticated;
