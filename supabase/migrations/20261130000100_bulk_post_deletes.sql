-- ---------------------------------------------------------------------------------------------------------------
-- A ban with the posts, or an account's deletion, removes a member's posts in one statement. What a deleted post
-- takes off its thread (a reply and perhaps the last reply's time) and off its author (a reply and the likes it had)
-- was three row triggers, each an update per post: 500 posts ran 1,500 updates of the same few rows, and the ban took
-- 1.8 s on PGlite, past its 8 s statement timeout on a busy machine. One statement trigger now takes them off once per
-- thread and once per author, from the deleted rows. Inserts keep their row triggers; the tombstone and the poke stay
-- row triggers, as every synced table has them.
-- Lock order as before (20261124000200_member_rules.sql): the threads first, then the authors' profiles.

create or replace function public.count_replies() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.type = 'reply' then
    update public.threads
    set reply_count = reply_count + 1, last_reply_at = greatest(last_reply_at, new.created_at)
    where id = new.thread_id;
  end if;
  return new;
end $$;

drop trigger count_replies on public.posts;
create trigger count_replies after insert on public.posts
  for each row execute function public.count_replies();

drop trigger tally_authored_replies on public.posts;
create trigger tally_authored_replies after insert on public.posts
  for each row execute function public.count_authored_replies();

drop trigger tally_deleted_post_likes on public.posts;
drop function public.count_deleted_post_likes();

create function public.tally_deleted_posts() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.threads t
  set reply_count = greatest(t.reply_count - gone.replies, 0),
      last_reply_at = (select max(p.created_at) from public.posts p where p.thread_id = t.id and p.type = 'reply')
  from (select thread_id, count(*) as replies from deleted_posts where type = 'reply' group by thread_id) gone
  where t.id = gone.thread_id;
  update public.profiles pr
  set reply_count = greatest(pr.reply_count - gone.replies, 0), reputation = pr.reputation - gone.likes
  from (
    select author_id, count(*) filter (where type = 'reply') as replies, sum(like_count) as likes
    from deleted_posts where author_id is not null group by author_id
  ) gone
  where pr.id = gone.author_id and (gone.replies > 0 or gone.likes > 0);
  return null;
end $$;

create trigger tally_deleted_posts after delete on public.posts
  referencing old table as deleted_posts
  for each statement execute function public.tally_deleted_posts();

revoke execute on function public.tally_deleted_posts() from public, anon, authenticated, service_role;
