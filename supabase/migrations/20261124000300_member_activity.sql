-- Issue 12, showActivity: a member's recent threads and replies on their profile, hidden from everyone but the
-- member while their privacy_settings.showActivity is false (true when unset).
--
-- The flag is private (a column of profiles that only the owner and admins read, 20261101000700_privacy.sql), so a
-- small security definer helper reads it; the threads and posts themselves are read as the caller (security
-- invoker), so row-level security still decides which rows anyone sees.

-- Whether the caller may see the member's activity: the member themself always, anyone else while the flag is on.
-- Only a JSON true (or no flag at all) counts as on: a malformed value hides the list rather than failing the call.
-- Also an rpc: an empty list is "nothing yet" when this is true, and "kept private" when it is false.
create function public.member_activity_visible(member uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(member_activity_visible.member = auth.uid(), false)
    or exists (
      select 1 from public.profiles p
      where p.id = member_activity_visible.member
        and coalesce(p.privacy_settings -> 'showActivity', 'true'::jsonb) = 'true'::jsonb
    )
$$;

-- The member's 10 newest threads and replies, newest first. A thread's opening post is the thread itself, so only
-- replies come from posts. Rows of a deleted account have author_id null, which equals no member. Each branch takes
-- its own newest 10 through the indexes below, so a prolific member costs no more than a new one.
create function public.member_activity(member uuid)
returns table (
  kind text, thread_id uuid, slug text, title text, post_id uuid, excerpt text, created_at timestamptz
)
language sql stable security invoker set search_path = '' as $$
  select a.kind, a.thread_id, a.slug, a.title, a.post_id, a.excerpt, a.created_at
  from (
    (
      select 'thread'::text as kind, t.id as thread_id, t.slug, t.title, null::uuid as post_id,
             null::text as excerpt, t.created_at, t.id as row_id
      from public.threads t
      where t.author_id = member_activity.member
      order by t.created_at desc, t.id desc
      limit 10
    )
    union all
    (
      -- The excerpt is plain text (markdown links and images to their text, markup characters dropped, as
      -- plainText of src/content/snippet.ts does), cut at 140 characters.
      select 'reply', p.thread_id, t.slug, t.title, p.id,
             case when char_length(flat.plain) > 140 then rtrim(left(flat.plain, 139)) || '…' else flat.plain end,
             p.created_at, p.id
      from public.posts p
      join public.threads t on t.id = p.thread_id
      cross join lateral (
        select btrim(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
          left(p.content, 2000),
          '!?\[([^\]]*)\]\([^)]*\)', '\1', 'g'),
          '\[youtube:[\w-]+\]', '', 'g'),
          '[#>*_`~|]+', ' ', 'g'),
          '\s+', ' ', 'g')) as plain
      ) flat
      where p.author_id = member_activity.member and p.type = 'reply'
      order by p.created_at desc, p.id desc
      limit 10
    )
  ) a
  where public.member_activity_visible(member_activity.member)
  order by a.created_at desc, a.row_id desc
  limit 10
$$;

-- A member's newest threads and replies (threads_author_idx and posts_author_idx find them, but unordered).
create index threads_author_created_idx on public.threads (author_id, created_at desc, id desc);
create index posts_author_replies_idx on public.posts (author_id, created_at desc, id desc) where type = 'reply';

-- Grants, stated as in 20261124000200_member_rules.sql: nothing by default, then each caller by name. The helper
-- runs inside member_activity as its caller, so whoever may call one may call the other.
revoke execute on function public.member_activity_visible(uuid), public.member_activity(uuid)
from public, anon, authenticated, service_role;
grant execute on function public.member_activity_visible(uuid), public.member_activity(uuid)
to anon, authenticated, service_role;
