-- Guardrails for trust level 0, as Discourse's newuser_max_links, newuser_max_mentions_per_post and
-- newuser_max_embedded_media:
--   * a post of a level 0 member holds at most tl0_max_links (2) links, tl0_max_mentions (2) mentioned members and
--     tl0_max_images (1) images (attached, or embedded in the text); past a cap it is refused (SQLSTATE 22023, HTTP
--     400) saying the cap, and nothing is written;
--   * except the member's first post: past the link cap, or with a word of the flag list, it is held for approval
--     (hidden, the reason in post_holds for its author, a held_post item in the queue) instead.
-- Staff are never capped. The caps sit in public.trust_settings with the thresholds.

alter table public.trust_settings
  add column tl0_max_links integer not null default 2 constraint trust_settings_tl0_max_links check (tl0_max_links >= 0),
  add column tl0_max_mentions integer not null default 2
    constraint trust_settings_tl0_max_mentions check (tl0_max_mentions >= 0),
  add column tl0_max_images integer not null default 1
    constraint trust_settings_tl0_max_images check (tl0_max_images >= 0);

create function public.post_link_count(content text) returns integer
language sql immutable set search_path = '' as $$
  select count(*)::integer from regexp_matches(coalesce(content, ''), '(https?://|www\.)[^[:space:]]', 'gi')
$$;

create function public.post_image_count(content text, images text[]) returns integer
language sql immutable set search_path = '' as $$
  select coalesce(cardinality(images), 0)
    + (select count(*)::integer from regexp_matches(coalesce(content, ''), '!\[[^]]*\]\(', 'g'))
$$;

-- Whether the caller's post would be their first.
create function public.caller_has_posts() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.posts p where p.author_id = auth.uid())
$$;

-- Why this post, by the caller at level 0, is refused; null when it may be written. A first post past the link cap
-- may be written: it is held afterwards.
create function public.new_member_post_problem(content text, images text[], first_post boolean) returns text
language sql stable security definer set search_path = '' as $$
  select case
    when public.is_staff() or public.trust_level(auth.uid()) > 0 then null
    when public.post_link_count(content) > s.tl0_max_links and not first_post then
      format('New members can put %s links in a post. Please remove some.', s.tl0_max_links)
    when (select count(*) from public.mentioned_members(content)) > s.tl0_max_mentions then
      format('New members can mention %s members in a post. Please remove some.', s.tl0_max_mentions)
    when public.post_image_count(content, images) > s.tl0_max_images then
      format('New members can put %s image in a post. Please remove some.', s.tl0_max_images)
  end
  from public.trust_settings s
$$;

-- The trigger's name sorts after guard_post_write (banned, locked, retried) and before the watched words.
create function public.guard_new_member_caps() returns trigger
language plpgsql set search_path = '' as $$
declare
  problem text;
begin
  if not public.is_api_caller() or auth.uid() is null then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if exists (select 1 from public.posts where id = new.id) then
      return new;
    end if;
  elsif (new.content, new.images) is not distinct from (old.content, old.images) then
    return new;
  end if;
  problem := public.new_member_post_problem(new.content, new.images, tg_op = 'INSERT' and not public.caller_has_posts());
  if problem is not null then
    raise exception '%', problem using errcode = '22023', hint = 'Posting opens up at trust level 1.';
  end if;
  return new;
end $$;

create trigger guard_trust0_caps before insert or update on public.posts
  for each row execute function public.guard_new_member_caps();

-- watch_post() as in 20261129001700_watched_words.sql, and a level 0 member's first post is held past the link cap
-- or with a flag-list word.
create or replace function public.watch_post(post uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  written record;
  hit text;
  links integer;
  first_of_new_member boolean;
begin
  -- Normalized once; a thread's title counts with its opening post.
  select p.id, p.author_id, p.content, public.watch_normalize(p.content) as body,
         case when p.type = 'thread' then public.watch_normalize(t.title) end as heading
  into written
  from public.posts p join public.threads t on t.id = p.thread_id
  where p.id = watch_post.post and p.author_id = auth.uid() and p.hidden_at is null;
  if not found then
    return;
  end if;
  hit := coalesce(public.watched_word_in(written.body, 'require_approval'),
    public.watched_word_in(written.heading, 'require_approval'));
  if hit is not null then
    perform public.hold_for_review(written.id, format('It contains "%s", which needs a moderator''s approval.', hit));
    return;
  end if;
  hit := coalesce(public.watched_word_in(written.body, 'flag'), public.watched_word_in(written.heading, 'flag'));
  first_of_new_member := public.trust_level(written.author_id) = 0 and not public.is_staff()
    and not exists (select 1 from public.posts p where p.author_id = written.author_id and p.id <> written.id);
  if first_of_new_member then
    links := public.post_link_count(written.content);
    if links > (select s.tl0_max_links from public.trust_settings s) then
      perform public.hold_for_review(written.id, format(
        'A new member''s first post with %s links waits for a moderator''s approval.', links));
      return;
    end if;
    if hit is not null then
      perform public.hold_for_review(written.id, format(
        'A new member''s first post that mentions "%s" waits for a moderator''s approval.', hit));
      return;
    end if;
  end if;
  if hit is not null then
    insert into public.reviewables (kind, post_id, target_user_id, reason)
    values ('flagged_post', written.id, written.author_id, format('Watched word "%s"', hit))
    on conflict (post_id, kind) where status = 'pending' and post_id is not null do nothing;
  end if;
end $$;

-- ---------------------------------------------------------------------------------------------------------------
revoke execute on function
  public.post_link_count(text), public.post_image_count(text, text[]), public.caller_has_posts(),
  public.new_member_post_problem(text, text[], boolean), public.guard_new_member_caps()
from public, anon, authenticated, service_role;
grant execute on function
  public.caller_has_posts(), public.new_member_post_problem(text, text[], boolean)
to authenticated;
