-- Pokes bounded per topic. Hosted realtime.send inserts a row into realtime.messages per call, and Realtime
-- broadcasts every row to every socket on the topic, counted against the project's messages a second: nothing merges
-- a transaction's identical pokes there. So the database decides how many leave:
--   * one per topic per transaction (a reply, a ban deleting 500 posts, delete_user()), whatever it wrote;
--   * at most one per topic per interval (public.poke_interval): a write within it leaves a request instead, and a
--     trailing poke follows once the interval is over (public.send_due_pokes, run by pg_cron on hosted and by the
--     local stack's own timer), so a burst of writes never goes unannounced;
--   * none for a statement that changed no row: every poke trigger is a row trigger.
-- A request is committed with the write it announces, and the trailing poke is sent by a later transaction that saw
-- it, so the pull that poke starts reads that write.

-- 'forum' reaches every open app: one poke each 1.25 s keeps 500 open apps under 400 messages a second, Pro's quota
-- being 500. A member's own topic reaches that member's apps only.
create function public.poke_interval(topic text) returns interval
language sql immutable set search_path = '' as $$
  select case when topic = 'forum' then interval '1250 milliseconds' else interval '1 second' end
$$;

-- When each topic's last poke left (or will leave: a transaction holds its topic's row from its claim to its commit).
create table public.live_pokes (
  topic text primary key,
  sent_at timestamptz not null
);
create index live_pokes_sent_at_idx on public.live_pokes (sent_at);

-- Writes made while their topic's interval ran: each wants one poke after it.
create table public.live_poke_requests (
  id bigint generated always as identity primary key,
  topic text not null,
  private boolean not null,
  requested_at timestamptz not null default clock_timestamp()
);
create index live_poke_requests_topic_idx on public.live_poke_requests (topic);

-- Read and written by the functions below only: no role of the API has a grant, and RLS has no policy.
alter table public.live_pokes enable row level security;
alter table public.live_poke_requests enable row level security;

-- Announces this transaction's writes on `p_topic`. The transaction's first call decides: a poke now if the interval
-- is over and no other open transaction holds the topic's row (skip locked: writers never wait on each other), a
-- request otherwise. Later calls in the transaction do nothing: the poke or the request covers them.
create function public.poke(p_topic text, p_private boolean) returns void
language plpgsql security definer set search_path = '' as $$
declare
  poked text := coalesce(current_setting('guap.poked_topics', true), '');
  last_sent timestamptz;
  claimed boolean := false;
begin
  if strpos(poked, '|' || p_topic || '|') > 0 then
    return;
  end if;
  perform set_config('guap.poked_topics', poked || '|' || p_topic || '|', true);
  select p.sent_at into last_sent from public.live_pokes p where p.topic = p_topic for update skip locked;
  if found then
    if last_sent <= clock_timestamp() - public.poke_interval(p_topic) then
      update public.live_pokes p set sent_at = clock_timestamp() where p.topic = p_topic;
      claimed := true;
    end if;
  elsif not exists (select 1 from public.live_pokes p where p.topic = p_topic)
    and pg_try_advisory_xact_lock(hashtext('public.live_pokes'), hashtext(p_topic)) then
    -- A topic's first poke. The lock keeps a second first poker from waiting on this one's uncommitted row (two
    -- transactions doing that for two new topics in opposite order would deadlock): it leaves a request instead.
    insert into public.live_pokes (topic, sent_at) values (p_topic, clock_timestamp()) on conflict (topic) do nothing;
    claimed := found;
  end if;
  if claimed then
    perform realtime.send(
      jsonb_build_object('txid', pg_current_xact_id()::text::bigint), 'changed', p_topic, p_private);
  else
    insert into public.live_poke_requests (topic, private) values (p_topic, p_private);
  end if;
end $$;

-- The trailing pokes: one per topic whose requests are due, in this transaction, which deletes the requests it saw.
-- A topic whose row an open transaction holds is left for the next run: that transaction may still roll back.
-- Answers how many pokes it sent.
create function public.send_due_pokes() returns integer
language plpgsql security definer set search_path = '' as $$
declare
  due record;
  sent integer := 0;
begin
  for due in
    select q.topic, bool_or(q.private) as private
    from public.live_poke_requests q
    left join public.live_pokes p on p.topic = q.topic
    where p.sent_at is null or p.sent_at <= clock_timestamp() - public.poke_interval(q.topic)
    group by q.topic
  loop
    perform 1 from public.live_pokes p where p.topic = due.topic for update skip locked;
    if found then
      update public.live_pokes p set sent_at = clock_timestamp() where p.topic = due.topic;
    elsif exists (select 1 from public.live_pokes p where p.topic = due.topic)
      or not pg_try_advisory_xact_lock(hashtext('public.live_pokes'), hashtext(due.topic)) then
      continue;
    else
      insert into public.live_pokes (topic, sent_at) values (due.topic, clock_timestamp())
      on conflict (topic) do nothing;
      continue when not found;
    end if;
    delete from public.live_poke_requests q where q.topic = due.topic;
    perform realtime.send(
      jsonb_build_object('txid', pg_current_xact_id()::text::bigint), 'changed', due.topic, due.private);
    sent := sent + 1;
  end loop;
  return sent;
end $$;

revoke execute on function public.poke_interval(text), public.poke(text, boolean), public.send_due_pokes()
  from public, anon, authenticated, service_role;

-- The poke triggers of 20261129000100_live_updates.sql, 20261129000500_sync_table_helper.sql and
-- 20261129000600_tip_checks.sql, through public.poke.
create or replace function public.poke_forum() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform public.poke('forum', false);
  return null;
end $$;

create or replace function public.poke_members() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  r record;
  member uuid;
  members uuid[];
begin
  if tg_op = 'DELETE' then
    r := old;
  else
    r := new;
  end if;
  -- One branch per table: a record's fields are looked up only in the branch that runs.
  if tg_nargs > 0 then
    members := array(select (to_jsonb(r) ->> c)::uuid from unnest(tg_argv) c where to_jsonb(r) ->> c is not null);
  elsif tg_table_name = 'messages' then
    members := array[r.sender_id, r.recipient_id];
  elsif tg_table_name = 'notifications' then
    members := array[r.recipient_id];
  elsif tg_table_name = 'profiles' then
    members := array[r.id];
  else
    members := array[r.user_id];
  end if;
  foreach member in array members loop
    perform public.poke('user:' || member::text, true);
  end loop;
  return null;
end $$;

create or replace function public.poke_tip_parties() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform public.poke('user:' || new.sender_id::text, true);
  perform public.poke('user:' || new.recipient_id::text, true);
  if new.status = 'confirmed' then
    perform public.poke('forum', false);
  end if;
  return null;
end $$;

-- The forum's statement triggers fired for a statement that changed nothing (a DELETE matching no row): each becomes
-- the same trigger for each row.
do $$
declare
  t record;
begin
  for t in
    select tg.tgname, tg.tgrelid::regclass as tbl, pg_get_triggerdef(tg.oid) as def
    from pg_trigger tg
    where tg.tgfoid = 'public.poke_forum()'::regprocedure and not tg.tgisinternal and tg.tgtype & 1 = 0
  loop
    execute format('drop trigger %I on %s', t.tgname, t.tbl);
    execute replace(t.def, ' FOR EACH STATEMENT ', ' FOR EACH ROW ');
  end loop;
end $$;

-- As 20261129000500_sync_table_helper.sql's, with the forum's poke for each row.
create or replace function public.sync_table(table_name text, topic text, members text[] default '{}')
returns void
language plpgsql set search_path = '' as $$
declare
  args text := (select coalesce(string_agg(quote_literal(m), ', '), '') from unnest(members) m);
begin
  if topic is null or topic not in ('forum', 'member') then
    raise exception 'topic must be forum or member, not %', coalesce(topic, 'null') using errcode = '22023';
  end if;
  if topic = 'member' and coalesce(cardinality(members), 0) = 0 then
    raise exception 'A member table names the columns of its members' using errcode = '22023';
  end if;
  execute format('create index %I on public.%I (sync_txid, id)', table_name || '_sync_txid_idx', table_name);
  -- Named as the first synced tables' are, so they sort after a table's own "before" triggers, as there.
  execute format('create trigger zz_set_sync_txid before insert or update on public.%I '
    'for each row execute function public.set_sync_txid()', table_name);
  execute format('create trigger refuse_tombstoned_insert before insert on public.%I '
    'for each row execute function public.refuse_tombstoned_insert()', table_name);
  execute format('create trigger write_tombstone after delete on public.%I '
    'for each row execute function public.write_tombstone(%s)', table_name, args);
  if topic = 'forum' then
    execute format('create trigger zz_poke_forum after insert or update or delete on public.%I '
      'for each row execute function public.poke_forum()', table_name);
  else
    execute format('create trigger zz_poke_members after insert or update or delete on public.%I '
      'for each row execute function public.poke_members(%s)', table_name, args);
  end if;
end $$;

-- The trailing pokes' schedule on hosted, where Supabase offers pg_cron: every second. Where pg_cron cannot be had
-- (PGlite, a PostgreSQL without it in shared_preload_libraries) the migration applies all the same, and whatever
-- runs the database calls public.send_due_pokes() itself (the local stack's timer: supabase/local/pokeSender.ts).
do $$
begin
  if exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_cron') then
    begin
      create extension if not exists pg_cron with schema pg_catalog;
      perform cron.schedule('send-due-pokes', '1 seconds', 'select public.send_due_pokes()');
    exception when others then
      raise notice 'pg_cron is not usable here (%): the trailing pokes need another timer', sqlerrm;
    end;
  end if;
end $$;
