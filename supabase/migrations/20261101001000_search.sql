-- Full-text search over threads and posts for the header search box (issue "The forum itself", Search).
-- Expression indexes rather than stored tsvector columns: clients that `select=*` get no extra payload.
-- The function is security invoker, so row-level security decides what each caller can find.

create index threads_title_search_idx on public.threads using gin (to_tsvector('english', title));
create index posts_content_search_idx on public.posts using gin (to_tsvector('english', content));

-- Matches ranked best first: thread titles weigh double. `snippet` marks the matched words with [[ and ]], which
-- the client turns into highlights (never HTML, so a post cannot inject markup through its snippet).
create function public.search_forum(query text, max_results integer default 20)
returns table (thread_id uuid, slug text, title text, post_id uuid, snippet text, rank real)
language sql stable security invoker set search_path = '' as $$
  with q as (select websearch_to_tsquery('english', left(coalesce(query, ''), 200)) as tsq)
  select found.thread_id, found.slug, found.title, found.post_id, found.snippet, found.rank
  from (
    select t.id as thread_id, t.slug, t.title, null::uuid as post_id, null::text as snippet,
           ts_rank(to_tsvector('english', t.title), q.tsq) * 2 as rank
    from public.threads t, q
    where to_tsvector('english', t.title) @@ q.tsq
    union all
    select p.thread_id, t.slug, t.title, p.id,
           ts_headline('english', p.content, q.tsq, 'StartSel=[[, StopSel=]], MaxWords=24, MinWords=8'),
           ts_rank(to_tsvector('english', p.content), q.tsq)
    from public.posts p join public.threads t on t.id = p.thread_id, q
    where to_tsvector('english', p.content) @@ q.tsq
  ) found
  order by found.rank desc, found.thread_id
  limit greatest(1, least(coalesce(max_results, 20), 50))
$$;

grant execute on function public.search_forum(text, integer) to anon, authenticated;
