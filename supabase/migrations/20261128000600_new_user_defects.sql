-- Defects met by a new user (issue 30, section 8), fixed in the database:
--   * Sign-up never changes a chosen username silently. A name that is taken, shorter than 3 or longer than 40
--     characters, or holds a space is refused with the reason, and nothing is created; username_problem() lets the
--     form say so before the account is made. Only an account made without a name still gets one made up.
--   * The audit log's pin, lock, ad and move rows name the thread, and a move names both categories.

-- ---------------------------------------------------------------------------------------------------------------
-- Sign-up names.

-- Why `wanted` cannot be a new member's username, in the words the sign-up form shows; null when it can.
create function public.username_problem(wanted text) returns text
language sql stable security definer set search_path = '' as $$
  select case
    when wanted is null or char_length(btrim(wanted)) < 3 then 'Username must be at least 3 characters'
    when char_length(wanted) > 40 then 'Username must be at most 40 characters'
    when wanted ~ '\s' then 'Username cannot contain spaces'
    when exists (select 1 from public.profiles where lower(username) = lower(wanted)) then 'Username is already taken'
  end
$$;

revoke execute on function public.username_problem(text) from public;
grant execute on function public.username_problem(text) to anon, authenticated, service_role;

-- A profile for every new account. A chosen username is kept exactly or the account is refused with the reason
-- (was: "guapadmin" became "guapadmin_1", and spaces and length were changed without a word). Only an account made
-- without one (by an operator, say) gets a valid, unique one made from the email.
create or replace function public.handle_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  wanted text := btrim(coalesce(new.raw_user_meta_data ->> 'username', ''));
  problem text;
  base text;
  candidate text;
  attempt integer := 0;
begin
  if wanted <> '' then
    problem := public.username_problem(wanted);
    if problem is not null then
      raise exception using errcode = 'P0001', message = problem;
    end if;
    begin
      insert into public.profiles (id, username, display_name, email, created_at, updated_at)
      values (
        new.id,
        wanted,
        nullif(btrim(coalesce(new.raw_user_meta_data ->> 'display_name', '')), ''),
        new.email,
        coalesce(new.created_at, now()),
        coalesce(new.created_at, now())
      )
      on conflict (id) do nothing;
    exception when unique_violation then
      -- A concurrent sign-up took the same name between the check and the insert.
      raise exception using errcode = 'P0001', message = 'Username is already taken';
    end;
    return new;
  end if;

  base := split_part(coalesce(new.email, ''), '@', 1);
  if base = '' then
    base := 'member';
  end if;
  base := left(regexp_replace(base, '\s+', '_', 'g'), 40);
  if char_length(base) < 3 then
    base := rpad(base, 3, '_');
  end if;
  candidate := base;
  loop
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

revoke execute on function public.handle_new_user() from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------------------------
-- The audit log names the thread of a pin, lock, ad mark or move, and a move names both categories, as they were
-- called at the time (was: only the thread's author and the categories' ids).
create or replace function public.log_thread_tools() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  about jsonb := jsonb_build_object('title', new.title);
begin
  if auth.uid() is null then
    return null;
  end if;
  if new.is_pinned is distinct from old.is_pinned then
    perform public.write_moderation_log(
      case when new.is_pinned then 'pin' else 'unpin' end, new.author_id, new.id, details => about);
  end if;
  if new.is_locked is distinct from old.is_locked then
    perform public.write_moderation_log(
      case when new.is_locked then 'lock' else 'unlock' end, new.author_id, new.id, details => about);
  end if;
  if new.is_ad is distinct from old.is_ad then
    perform public.write_moderation_log(
      case when new.is_ad then 'mark_ad' else 'unmark_ad' end, new.author_id, new.id, details => about);
  end if;
  if new.category_id is distinct from old.category_id then
    perform public.write_moderation_log('move_thread', new.author_id, new.id, details => about || jsonb_build_object(
      'from_category_id', old.category_id,
      'to_category_id', new.category_id,
      'from_category', (select c.name from public.categories c where c.id = old.category_id),
      'to_category', (select c.name from public.categories c where c.id = new.category_id)));
  end if;
  return null;
end $$;

revoke execute on function public.log_thread_tools() from public, anon, authenticated;
