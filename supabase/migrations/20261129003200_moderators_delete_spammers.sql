-- Moderators delete spammers too, as in Discourse: a moderator works the review queue, and "Delete spammer" is one
-- of its actions. The ban it makes is the same as an admin's (ban_user: the account stays, banned, so its email cannot
-- sign up again, and its posts go), but the general ban stays an admin's: apply_ban() is that ban without the
-- caller check, reachable only from these two functions. delete_spammer still refuses staff accounts, established
-- and members of trust level 2 and up, for every caller.

create function public.apply_ban(target uuid, reason text, delete_posts boolean) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  insert into public.banned_users (user_id, banned_by, reason, delete_posts)
  values (apply_ban.target, auth.uid(), btrim(apply_ban.reason), coalesce(apply_ban.delete_posts, false))
  on conflict (user_id) do update
    set banned_by = excluded.banned_by, reason = excluded.reason, delete_posts = excluded.delete_posts,
        banned_at = now();
  update public.profiles set is_banned = true where id = apply_ban.target and not is_banned;
  perform public.resolve_author_reports(apply_ban.target);
  if coalesce(apply_ban.delete_posts, false) then
    perform set_config('guap.ban_in_progress', 'on', true);
    delete from public.posts where author_id = apply_ban.target;
    perform set_config('guap.ban_in_progress', '', true);
  end if;
end $$;

create or replace function public.ban_user(target uuid, reason text, delete_posts boolean default false) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if not public.is_admin() then
    raise exception 'Only admins can ban members' using errcode = '42501';
  end if;
  if ban_user.target = auth.uid() then
    raise exception 'You cannot ban yourself' using errcode = '42501';
  end if;
  if btrim(coalesce(ban_user.reason, '')) = '' then
    raise exception 'Please provide a reason for the ban' using errcode = '22023';
  end if;
  if not exists (select 1 from public.profiles where id = ban_user.target) then
    raise exception 'No member with this id' using errcode = '22023';
  end if;
  perform public.apply_ban(ban_user.target, ban_user.reason, ban_user.delete_posts);
end $$;

create or replace function public.delete_spammer(member uuid, reason text default 'Spammer') returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  decided integer;
begin
  if not public.is_staff() then
    raise exception 'Only moderators and admins can delete a spammer' using errcode = '42501';
  end if;
  if not exists (select 1 from public.profiles where id = delete_spammer.member) then
    raise exception 'No member with this id' using errcode = '22023';
  end if;
  if public.is_staff_member(delete_spammer.member) then
    raise exception 'A moderator or admin cannot be deleted as a spammer' using errcode = '42501';
  end if;
  if public.trust_level(delete_spammer.member) >= 2 then
    raise exception 'Only a new member (trust level 0 or 1) can be deleted as a spammer; ban them instead'
      using errcode = '22023';
  end if;
  update public.reviewables r
  set status = 'agreed', version = r.version + 1, updated_at = now(), decided_by = auth.uid(), decided_at = now()
  where r.target_user_id = delete_spammer.member and r.status = 'pending';
  get diagnostics decided = row_count;
  perform public.apply_ban(delete_spammer.member, coalesce(nullif(btrim(delete_spammer.reason), ''), 'Spammer'), true);
  return decided;
end $$;

revoke execute on function public.apply_ban(uuid, text, boolean) from public, anon, authenticated, service_role;
