-- Search finds the words inside file names, hosts and paths. PostgreSQL's parser reads `peers.dat` as one file token
-- and `guapcoin.org/downloads` as a host and a path, so a search for `peers` or `downloads` found none of them (in the
-- seed, 'peers' matched 0 of the 14 replies that say peers.dat). Text and query are both split at dots and slashes
-- before parsing. The snippet still shows the post's own text: it marks a whole token typed as written (`peers.dat`),
-- not a part of one.

drop index public.threads_title_search_idx;
drop index public.posts_content_search_idx;
-- Plain expressions, not a wrapper function: a function with its own search_path is not inlined, and was called anew
-- for each row a write touched (a ban deleting 500 posts then ran past the statement timeout).
create index threads_title_search_idx on public.threads
  using gin (to_tsvector('english', translate(title, './', '  ')));
create index posts_content_search_idx on public.posts
  using gin (to_tsvector('english', translate(content, './', '  ')));

create or replace function public.search_forum(query text, max_results integer default 20)
returns table (thread_id uuid, slug text, title text, post_id uuid, snippet text, rank real)
language sql stable security invoker set search_path = '' as $$
  with typed as (select left(coalesce(query, ''), 200) as words),
  q as (
    select websearch_to_tsquery('english', translate(typed.words, './', '  ')) as tsq,
           -- The headline parses the post's own text, where a file name or host is one token.
           websearch_to_tsquery('english', translate(typed.words, './', '  '))
             || websearch_to_tsquery('english', typed.words) as shown
    from typed
  )
  select found.thread_id, found.slug, found.title, found.post_id, found.snippet, found.rank
  from (
    select t.id as thread_id, t.slug, t.title, null::uuid as post_id, null::text as snippet,
           ts_rank(to_tsvector('english', translate(t.title, './', '  ')), q.tsq) * 2 as rank
    from public.threads t, q
    where to_tsvector('english', translate(t.title, './', '  ')) @@ q.tsq
    union all
    select p.thread_id, t.slug, t.title, p.id,
           ts_headline('english', p.content, q.shown, 'StartSel=[[, StopSel=]], MaxWords=24, MinWords=8'),
           ts_rank(to_tsvector('english', translate(p.content, './', '  ')), q.tsq)
    from public.posts p join public.threads t on t.id = p.thread_id, q
    where to_tsvector('english', translate(p.content, './', '  ')) @@ q.tsq
  ) found
  order by found.rank desc, found.thread_id
  limit greatest(1, least(coalesce(max_results, 20), 50))
$$;
