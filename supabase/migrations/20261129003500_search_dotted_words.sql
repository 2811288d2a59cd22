-- Search finds the words inside file names, hosts and paths. PostgreSQL's parser reads `peers.dat` as one file token
-- and `guapcoin.org/downloads` as a host and a path, so a search for `peers` or `downloads` found none of them (in the
-- seed, 'peers' matched 0 of the 14 replies that say peers.dat). Text and query are both split at dots and slashes
-- before parsing. The snippet still shows the post's own text: it marks a whole token typed as written (`peers.dat`),
-- not a part of one.

create function public.search_vector(body text) returns tsvector
language sql immutable parallel safe set search_path = '' as $$
  select pg_catalog.to_tsvector('english'::regconfig, pg_catalog.translate(body, './', '  '))
$$;

create function public.search_query(query text) returns tsquery
language sql immutable parallel safe set search_path = '' as $$
  select pg_catalog.websearch_to_tsquery('english'::regconfig,
    pg_catalog.translate(pg_catalog.left(coalesce(query, ''), 200), './', '  '))
$$;

drop index public.threads_title_search_idx;
drop index public.posts_content_search_idx;
create index threads_title_search_idx on public.threads using gin (public.search_vector(title));
create index posts_content_search_idx on public.posts using gin (public.search_vector(content));

create or replace function public.search_forum(query text, max_results integer default 20)
returns table (thread_id uuid, slug text, title text, post_id uuid, snippet text, rank real)
language sql stable security invoker set search_path = '' as $$
  with q as (
    select public.search_query(query) as tsq,
           -- The headline parses the post's own text, where a file name or host is one token.
           public.search_query(query)
             || pg_catalog.websearch_to_tsquery('english'::regconfig, pg_catalog.left(coalesce(query, ''), 200)) as shown
  )
  select found.thread_id, found.slug, found.title, found.post_id, found.snippet, found.rank
  from (
    select t.id as thread_id, t.slug, t.title, null::uuid as post_id, null::text as snippet,
           pg_catalog.ts_rank(public.search_vector(t.title), q.tsq) * 2 as rank
    from public.threads t, q
    where public.search_vector(t.title) @@ q.tsq
    union all
    select p.thread_id, t.slug, t.title, p.id,
           pg_catalog.ts_headline('english', p.content, q.shown, 'StartSel=[[, StopSel=]], MaxWords=24, MinWords=8'),
           pg_catalog.ts_rank(public.search_vector(p.content), q.tsq)
    from public.posts p join public.threads t on t.id = p.thread_id, q
    where public.search_vector(p.content) @@ q.tsq
  ) found
  order by found.rank desc, found.thread_id
  limit greatest(1, least(coalesce(max_results, 20), 50))
$$;

grant execute on function public.search_vector(text) to anon, authenticated, service_role;
grant execute on function public.search_query(text) to anon, authenticated, service_role;
