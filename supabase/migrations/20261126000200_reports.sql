-- Issue 14, member reports (flags): a member reports a post once, with a reason; a post with 3 open reports from
-- 3 members is hidden pending review until staff look; staff dismiss or resolve a post's reports.
--
-- Hiding moves the text aside: public.post_holds keeps it, posts.content becomes '' and posts.hidden_at is set. This
-- is not an edit (no version bump, no "edited" mark, updated_at kept, no mention notification), but the row's
-- sync_txid moves, so every mirror pulls the hidden post. The held text is read by staff and the post's author only,
-- online: `from('post_holds').select('post_id, content').eq('post_id', id)`. Search finds nothing of it.
--
-- Staff act on a post's reports through three rpcs, each writing its audit row:
--   * open_reports(max_rows, before): the open reports grouped by post, newest last report first;
--   * dismiss_reports(post_id): the post's open reports dismissed, the post shown again;
--   * resolve_reports(post_id, outcome): outcome 'post_deleted' is called BEFORE deleting the post (its reports go
--     with it); 'author_banned' after ban_user(), which resolves the open reports of the banned member's posts
--     itself, so the call then finds nothing open and returns 0 without a second audit row.

alter table public.posts add column hidden_at timestamptz;

-- A hidden post's content is '' (its text is in post_holds); any other post keeps the rules it had.
alter table public.posts drop constraint posts_content_length,
  add constraint posts_content_length check (
    case
      when hidden_at is not null then content = ''
      when type = 'thread' then char_length(content) >= 10 and content ~ '\S'
      else content ~ '\S'
    end
  );

create table public.post_holds (
  post_id uuid primary key references public.posts (id) on delete cascade,
  content text not null,
  held_at timestamptz not null default now()
);

create table public.post_reports (
  id uuid primary key default gen_random_uuid(),
  post_id uuid not null references public.posts (id) on delete cascade,
  reporter_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  reason text not null constraint post_reports_reason_valid check (reason in ('spam', 'abusive', 'off_topic', 'other')),
  details text constraint post_reports_details_length check (char_length(details) <= 500),
  created_at timestamptz not null default now(),
  status text not null default 'open'
    constraint post_reports_status_valid check (status in ('open', 'dismissed', 'resolved')),
  handled_by uuid references public.profiles (id) on delete set null,
  handled_at timestamptz,
  constraint post_reports_once unique (post_id, reporter_id)
);
-- The Reports tab and the 3-report count: a post's open reports.
create index post_reports_open_idx on public.post_reports (post_id, created_at) where status = 'open';
create index post_reports_reporter_idx on public.post_reports (reporter_id);

-- ---------------------------------------------------------------------------------------------------------------
-- Posts: hidden_at belongs to the server, and a hidden post cannot be edited by its author.
create or replace function public.guard_post_write() returns trigger
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
    new.like_count := 0;
    new.hidden_at := null;
    return new;
  end if;
  if old.hidden_at is not null then
    raise exception 'This post is hidden pending review' using errcode = '42501';
  end if;
  if (new.id, new.thread_id, new.author_id, new.type, new.is_first_post)
     is distinct from (old.id, old.thread_id, old.author_id, old.type, old.is_first_post) then
    raise exception 'Only the content and images of a post can be edited' using errcode = '42501';
  end if;
  if new.like_count is distinct from old.like_count then
    raise exception 'A post''s like count is kept by the forum and cannot be set' using errcode = '42501';
  end if;
  if new.hidden_at is distinct from old.hidden_at then
    raise exception 'Only reports and moderators hide a post' using errcode = '42501';
  end if;
  return new;
end $$;

-- Holding and releasing a post's text is no edit: version, is_edited and updated_at stay.
create or replace function public.set_post_version() returns trigger
language plpgsql set search_path = '' as $$
declare
  server_kept constant text[] := array['like_count', 'author_id', 'sync_txid', 'updated_at'];
begin
  if new.hidden_at is distinct from old.hidden_at then
    return new;
  end if;
  if (new.like_count, new.author_id) is distinct from (old.like_count, old.author_id)
     and (to_jsonb(new) - server_kept) = (to_jsonb(old) - server_kept) then
    return new;
  end if;
  new.version := old.version + 1;
  if (new.content, new.images) is distinct from (old.content, old.images) then
    new.is_edited := true;
  elsif public.is_api_caller() then
    new.is_edited := old.is_edited;
  end if;
  return new;
end $$;

create or replace function public.set_timestamps() returns trigger
language plpgsql set search_path = '' as $$
declare
  noise constant text[] := array['sync_txid', 'updated_at'];
  server_kept text[];
begin
  if tg_op = 'INSERT' then
    if public.is_api_caller() then
      new.created_at := now();
      new.updated_at := now();
    end if;
    return new;
  end if;
  new.created_at := old.created_at;
  -- Nested: a condition on new.hidden_at would fail on the other tables, which have no such column.
  if tg_table_name = 'posts' then
    if new.hidden_at is distinct from old.hidden_at then
      new.updated_at := old.updated_at;
      return new;
    end if;
  end if;
  server_kept := case tg_table_name
    when 'posts' then array['like_count', 'author_id']
    when 'threads' then array['author_id']
    when 'profiles' then array['reputation', 'thread_count', 'reply_count', 'last_seen_at']
    else array[]::text[]
  end;
  if cardinality(server_kept) > 0
     and (to_jsonb(new) - noise) <> (to_jsonb(old) - noise)
     and (to_jsonb(new) - noise - server_kept) = (to_jsonb(old) - noise - server_kept) then
    new.updated_at := old.updated_at;
    return new;
  end if;
  if public.is_api_caller() or new.updated_at is not distinct from old.updated_at then
    new.updated_at := now();
  end if;
  return new;
end $$;

-- Holding or releasing the text notifies nobody: only a real edit's new mentions do.
drop trigger notify_post_edit on public.posts;
create trigger notify_post_edit after update of content on public.posts
  for each row when (old.content is distinct from new.content and old.hidden_at is not distinct from new.hidden_at)
  execute function public.notify_post();

-- Hides a post: its text into post_holds, content '' and hidden_at now. Security definer: the reporter who lands the
-- third report may not write the post.
create function public.hold_post(post uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  insert into public.post_holds (post_id, content)
  select p.id, p.content from public.posts p where p.id = hold_post.post and p.hidden_at is null
  on conflict (post_id) do nothing;
  update public.posts set content = '', hidden_at = now() where id = hold_post.post and hidden_at is null;
end $$;

-- Shows a hidden post again with its text.
create function public.release_post(post uuid) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  held text;
begin
  delete from public.post_holds where post_id = release_post.post returning content into held;
  if held is null then
    return false;
  end if;
  update public.posts set content = held, hidden_at = null where id = release_post.post and hidden_at is not null;
  return found;
end $$;

-- ---------------------------------------------------------------------------------------------------------------
-- Reports. The guard says why a report is refused, before the policy's WITH CHECK; a retried insert of a report
-- that already landed (same id) is answered by "on conflict do nothing".
create function public.guard_post_report_insert() returns trigger
language plpgsql set search_path = '' as $$
declare
  post_author uuid;
begin
  if not public.is_api_caller() then
    return new;
  end if;
  if public.caller_is_banned() then
    raise exception 'Your account is banned' using errcode = '42501';
  end if;
  if exists (select 1 from public.post_reports where id = new.id) then
    return new;
  end if;
  if new.reporter_id is distinct from auth.uid() then
    raise exception 'You can only report posts as yourself' using errcode = '42501';
  end if;
  select author_id into post_author from public.posts where id = new.post_id;
  if not found then
    raise exception 'This post no longer exists' using errcode = '23503';
  end if;
  if post_author = new.reporter_id then
    raise exception 'You cannot report your own post' using errcode = '42501';
  end if;
  new.details := nullif(btrim(coalesce(new.details, '')), '');
  if new.reason = 'other' and new.details is null then
    raise exception 'Please say why you are reporting this post' using errcode = '22023';
  end if;
  if public.has_reported(new.post_id) then
    raise exception 'You have already reported this post' using errcode = '23505';
  end if;
  new.status := 'open';
  new.handled_by := null;
  new.handled_at := null;
  new.created_at := now();
  return new;
end $$;

create trigger guard_post_report_insert before insert on public.post_reports
  for each row execute function public.guard_post_report_insert();

-- Whether the caller has reported this post already. A function: the guard runs as the caller, and RLS shows them
-- their own reports anyway, but this also sees a report made in a concurrent transaction once it committed.
create function public.has_reported(post uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.post_reports where post_id = has_reported.post and reporter_id = auth.uid())
$$;

-- A new report: its audit row, and at the third open report the post is hidden. The post's row lock serializes
-- concurrent reports of one post, so two "third" reports cannot both miss the count.
create function public.after_post_report() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  post_author uuid;
  post_thread uuid;
  open_count integer;
begin
  select author_id, thread_id into post_author, post_thread from public.posts where id = new.post_id for update;
  perform public.write_moderation_log(
    'report_post', post_author, post_thread, new.post_id, new.details, jsonb_build_object('reason', new.reason));
  select count(*) into open_count from public.post_reports where post_id = new.post_id and status = 'open';
  if open_count >= 3 then
    perform public.hold_post(new.post_id);
  end if;
  return null;
end $$;

create trigger after_post_report after insert on public.post_reports
  for each row execute function public.after_post_report();

alter table public.post_reports enable row level security;
create policy post_reports_select on public.post_reports for select to authenticated
  using (reporter_id = (select auth.uid()) or (select public.is_staff()));
create policy post_reports_insert on public.post_reports for insert to authenticated
  with check (reporter_id = (select auth.uid()) and (select public.is_active_member()));

-- The held text: staff, and the post's author.
alter table public.post_holds enable row level security;
create policy post_holds_select on public.post_holds for select to authenticated
  using (
    (select public.is_staff())
    or exists (select 1 from public.posts p where p.id = post_id and p.author_id = (select auth.uid()))
  );

-- ---------------------------------------------------------------------------------------------------------------
-- Staff rpcs.
create function public.open_reports(max_rows integer default 50, before timestamptz default null)
returns table (
  post_id uuid, thread_id uuid, thread_title text, post_excerpt text, author_id uuid, author_username text,
  report_count integer, reasons text[], details text[], first_reported_at timestamptz,
  last_reported_at timestamptz, hidden boolean
)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not public.is_staff() then
    raise exception 'Only moderators and admins can read reports' using errcode = '42501';
  end if;
  if max_rows is null or max_rows not between 1 and 100 then
    raise exception 'max_rows must be between 1 and 100' using errcode = '22023';
  end if;
  return query
  select r.post_id, p.thread_id, t.title, public.notification_excerpt(coalesce(h.content, p.content)),
         p.author_id, a.username, r.report_count, r.reasons, r.details, r.first_reported_at, r.last_reported_at,
         p.hidden_at is not null
  from (
    select pr.post_id, count(*)::integer as report_count,
           array_agg(distinct pr.reason order by pr.reason) as reasons,
           coalesce(array_agg(pr.details order by pr.created_at) filter (where pr.details is not null), '{}') as details,
           min(pr.created_at) as first_reported_at, max(pr.created_at) as last_reported_at
    from public.post_reports pr
    where pr.status = 'open'
    group by pr.post_id
  ) r
  join public.posts p on p.id = r.post_id
  join public.threads t on t.id = p.thread_id
  left join public.post_holds h on h.post_id = p.id
  left join public.profiles a on a.id = p.author_id
  where open_reports.before is null or r.last_reported_at < open_reports.before
  order by r.last_reported_at desc, r.post_id
  limit open_reports.max_rows;
end $$;

-- Marks the post's open reports handled; returns how many.
create function public.close_reports(post uuid, new_status text) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  closed integer;
begin
  update public.post_reports
  set status = close_reports.new_status, handled_by = auth.uid(), handled_at = now()
  where post_id = close_reports.post and status = 'open';
  get diagnostics closed = row_count;
  return closed;
end $$;

create function public.dismiss_reports(post_id uuid) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  post_author uuid;
  post_thread uuid;
  dismissed integer;
  released boolean;
begin
  if not public.is_staff() then
    raise exception 'Only moderators and admins can dismiss reports' using errcode = '42501';
  end if;
  select p.author_id, p.thread_id into post_author, post_thread
  from public.posts p where p.id = dismiss_reports.post_id for update;
  if not found then
    raise exception 'This post no longer exists' using errcode = '22023';
  end if;
  dismissed := public.close_reports(dismiss_reports.post_id, 'dismissed');
  released := public.release_post(dismiss_reports.post_id);
  if dismissed > 0 or released then
    perform public.write_moderation_log('dismiss_report', post_author, post_thread, dismiss_reports.post_id,
      details => jsonb_build_object('reports', dismissed, 'outcome', 'dismissed'));
  end if;
  return dismissed;
end $$;

create function public.resolve_reports(post_id uuid, outcome text) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  post_author uuid;
  post_thread uuid;
  resolved integer;
begin
  if not public.is_staff() then
    raise exception 'Only moderators and admins can resolve reports' using errcode = '42501';
  end if;
  if outcome is null or outcome not in ('post_deleted', 'author_banned') then
    raise exception 'outcome must be post_deleted or author_banned' using errcode = '22023';
  end if;
  select p.author_id, p.thread_id into post_author, post_thread
  from public.posts p where p.id = resolve_reports.post_id for update;
  if not found then
    return 0;
  end if;
  resolved := public.close_reports(resolve_reports.post_id, 'resolved');
  if resolved > 0 then
    perform public.write_moderation_log('resolve_report', post_author, post_thread, resolve_reports.post_id,
      details => jsonb_build_object('reports', resolved, 'outcome', resolve_reports.outcome));
  end if;
  return resolved;
end $$;

-- ban_user() resolves the open reports of the banned member's posts, one audit row per post.
create function public.resolve_author_reports(author uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  reported record;
  resolved integer;
begin
  for reported in
    select p.id, p.thread_id from public.posts p
    where p.author_id = resolve_author_reports.author
      and exists (select 1 from public.post_reports r where r.post_id = p.id and r.status = 'open')
    order by p.id
  loop
    resolved := public.close_reports(reported.id, 'resolved');
    perform public.write_moderation_log('resolve_report', resolve_author_reports.author, reported.thread_id,
      reported.id, details => jsonb_build_object('reports', resolved, 'outcome', 'author_banned'));
  end loop;
end $$;

-- ---------------------------------------------------------------------------------------------------------------
-- Grants, stated as in 20261124000200_member_rules.sql: nothing by default, then each caller by name.
revoke all on table public.post_reports, public.post_holds from anon, authenticated, service_role;
grant select, insert on table public.post_reports to authenticated;
grant select on table public.post_holds to authenticated;
grant select, insert, update, delete on table public.post_reports, public.post_holds to service_role;

revoke execute on function
  public.hold_post(uuid), public.release_post(uuid), public.guard_post_report_insert(), public.has_reported(uuid),
  public.after_post_report(), public.open_reports(integer, timestamptz), public.close_reports(uuid, text),
  public.dismiss_reports(uuid), public.resolve_reports(uuid, text), public.resolve_author_reports(uuid)
from public, anon, authenticated, service_role;
grant execute on function public.has_reported(uuid) to authenticated;
grant execute on function
  public.open_reports(integer, timestamptz), public.dismiss_reports(uuid), public.resolve_reports(uuid, text)
to authenticated;
