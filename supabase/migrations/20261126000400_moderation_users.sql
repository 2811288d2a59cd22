-- Issue 14, the users table of /moderation: searched and paged on the server, fast with 100,000 members.
-- A search is a case-insensitive substring of the username or the email, served by pg_trgm GIN indexes; the list is
-- newest first, keyset paged by (created_at, id). Hosted Supabase keeps pg_trgm in the schema `extensions`; the local
-- stack loads it into PGlite (supabase/local/pgliteWorker.js), and PostgreSQL ships it in contrib.

create extension if not exists pg_trgm with schema extensions;

-- fastupdate off: new members go straight into the index. With it on, they wait in a pending list that every search
-- reads through until a vacuum merges it, and PGlite has no autovacuum (measured: 16 ms against 2 ms for one email).
create index profiles_username_trgm_idx on public.profiles using gin (username extensions.gin_trgm_ops)
  with (fastupdate = off);
create index profiles_email_trgm_idx on public.profiles using gin (email extensions.gin_trgm_ops)
  with (fastupdate = off);
-- Newest first with the id as tie-break, in one direction, so the keyset condition is an index range.
create index profiles_created_at_id_idx on public.profiles (created_at desc, id desc);

-- The search as an ILIKE pattern: trimmed, with the pattern's own characters (% _ \) taken literally.
create function public.moderation_search_pattern(search text) returns text
language sql immutable set search_path = '' as $$
  select '%' || regexp_replace(btrim(coalesce(search, '')), '([%_\\])', '\\\1', 'g') || '%'
$$;

create function public.moderation_users(
  search text default '',
  max_rows integer default 50,
  after_created_at timestamptz default null,
  after_id uuid default null
)
returns table (
  id uuid, username text, display_name text, email text, avatar_url text, role text, is_banned boolean,
  created_at timestamptz
)
language plpgsql stable security definer set search_path = '' as $$
declare
  pattern text := public.moderation_search_pattern(search);
  -- How many of the newest members a search reads in date order before it turns to the trigram indexes.
  probe_rows constant integer := 1000;
  newest uuid[];
begin
  if not public.is_admin() then
    raise exception 'Only admins can list members for moderation' using errcode = '42501';
  end if;
  if max_rows is null or max_rows not between 1 and 100 then
    raise exception 'max_rows must be between 1 and 100' using errcode = '22023';
  end if;
  if (after_created_at is null) <> (after_id is null) then
    raise exception 'after_created_at and after_id go together' using errcode = '22023';
  end if;
  if pattern = '%%' then
    return query
    select p.id, p.username, p.display_name, p.email, p.avatar_url, p.role, p.is_banned, p.created_at
    from public.profiles p
    where p.id <> auth.uid()
      and (moderation_users.after_id is null
           or (p.created_at, p.id) < (moderation_users.after_created_at, moderation_users.after_id))
    order by p.created_at desc, p.id desc
    limit moderation_users.max_rows;
  else
    -- First the newest members after the cursor, read in order: a common word fills the page from them alone.
    newest := array(
      select r.id from (
        select p.id, p.username, p.email from public.profiles p
        where p.id <> auth.uid()
          and (moderation_users.after_id is null
               or (p.created_at, p.id) < (moderation_users.after_created_at, moderation_users.after_id))
        order by p.created_at desc, p.id desc
        limit probe_rows
      ) r
      where r.username ilike pattern or r.email ilike pattern
      limit moderation_users.max_rows
    );
    if cardinality(newest) = moderation_users.max_rows then
      return query
      select p.id, p.username, p.display_name, p.email, p.avatar_url, p.role, p.is_banned, p.created_at
      from public.profiles p
      where p.id = any(newest)
      order by p.created_at desc, p.id desc;
      return;
    end if;
    -- A rarer word: every match at once through the trigram indexes, then the newest of them. Materialized, so the
    -- planner cannot walk the whole table in date order looking for matches that sit far back.
    return query
    with hits as materialized (
      select p.id, p.username, p.display_name, p.email, p.avatar_url, p.role, p.is_banned, p.created_at
      from public.profiles p
      where (p.username ilike pattern or p.email ilike pattern)
        and p.id <> auth.uid()
        and (moderation_users.after_id is null
             or (p.created_at, p.id) < (moderation_users.after_created_at, moderation_users.after_id))
    )
    select h.id, h.username, h.display_name, h.email, h.avatar_url, h.role, h.is_banned, h.created_at
    from hits h
    order by h.created_at desc, h.id desc
    limit moderation_users.max_rows;
  end if;
end $$;

-- How many members the search finds (the caller left out), for the Users tab's count.
create function public.moderation_user_count(search text default '') returns bigint
language plpgsql stable security definer set search_path = '' as $$
declare
  pattern text := public.moderation_search_pattern(search);
begin
  if not public.is_admin() then
    raise exception 'Only admins can list members for moderation' using errcode = '42501';
  end if;
  if pattern = '%%' then
    return (select count(*) from public.profiles p where p.id <> auth.uid());
  end if;
  return (
    select count(*) from public.profiles p
    where p.id <> auth.uid() and (p.username ilike pattern or p.email ilike pattern)
  );
end $$;

revoke execute on function
  public.moderation_search_pattern(text), public.moderation_users(text, integer, timestamptz, uuid),
  public.moderation_user_count(text)
from public, anon, authenticated, service_role;
grant execute on function
  public.moderation_users(text, integer, timestamptz, uuid), public.moderation_user_count(text)
to authenticated;
