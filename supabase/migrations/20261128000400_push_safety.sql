-- Issue 30, items 5 and 6. Push subscriptions: an endpoint is an https URL of at most 2 KB on a public host name, and
-- a member keeps at most 10 (a new one replaces the oldest), checked here so that every path is covered. Deliveries:
-- a claim is a lease (claimed_until), and a delivery whose sender died before recording it is claimed again once the
-- lease runs out; the sender's idempotency key (mail) and tag and topic (push) make that resend show once.

-- ---------------------------------------------------------------------------------------------------------------
-- Push endpoints.

-- Origins a test push service listens on (https://127.0.0.1:port). Only the local stack writes here, and only when a
-- test asks for it on a loopback HOST (supabase/local/pushTestOrigin.ts), emptying it on every other start; on a
-- hosted project it stays empty. RLS with no policy and no grants: no API role reads or writes it.
create table public.push_test_origins (
  origin text primary key
    constraint push_test_origins_loopback
    check (origin ~ '^https://(127\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}|localhost|\[::1\])(:[0-9]{1,5})?$')
);
alter table public.push_test_origins enable row level security;
revoke all on table public.push_test_origins from public, anon, authenticated, service_role;

-- Why `endpoint` cannot be a push endpoint, or null when it can. Push services are public https hosts: an IP literal,
-- localhost, a single-label name or a private suffix (.local, .internal, .localhost, .localdomain, .home.arpa) would
-- let a member point the sender at the machine's own network (169.254.169.254 is the cloud metadata service).
create function public.push_endpoint_problem(endpoint text) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  authority text;
  host text;
begin
  if endpoint is null then
    return 'the endpoint is missing';
  end if;
  if octet_length(endpoint) > 2048 then
    return 'the endpoint is longer than 2048 bytes';
  end if;
  if endpoint !~ '^[!-~]+$' then
    return 'the endpoint holds spaces, control or non-ASCII characters';
  end if;
  if exists (
    select 1 from public.push_test_origins o where left(endpoint, length(o.origin) + 1) = o.origin || '/'
  ) then
    return null;
  end if;
  if lower(endpoint) !~ '^https://' then
    return 'the endpoint is not an https URL';
  end if;
  authority := substring(endpoint from '^https://([^/?#]*)');
  if authority like '%@%' then
    return 'the endpoint has a user name or password';
  end if;
  if authority like '[%' then
    return 'the endpoint''s host is an IP address';
  end if;
  host := lower(split_part(authority, ':', 1));
  if authority like '%:%' and authority !~ '^[^:]+:[0-9]{1,5}$' then
    return 'the endpoint''s port is not a number';
  end if;
  if host !~ '^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$' then
    return 'the endpoint''s host is not a host name with a domain';
  end if;
  -- A numeric last label is an IPv4 address in one of its spellings (127.0.0.1, 127.1, 0x7f.1).
  if host ~ '\.(0x[0-9a-f]*|[0-9]+)$' then
    return 'the endpoint''s host is an IP address';
  end if;
  if host ~ '(^|\.)(localhost|local|internal|localdomain|home\.arpa)$' then
    return 'the endpoint''s host is a private name';
  end if;
  return null;
end $$;

-- Checks a subscription as it is stored; on insert, keeps the member's newest 9 so that with the new one they have
-- at most 10. The per-member lock makes parallel inserts on PostgreSQL wait for each other, so none slips past.
create function public.check_push_subscription() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  problem text := public.push_endpoint_problem(new.endpoint);
begin
  if problem is not null then
    raise exception 'Push endpoint refused: %. It must be an https URL of at most 2 KB on a public host name.', problem
      using errcode = '23514';
  end if;
  if length(new.p256dh) > 256 or new.p256dh !~ '^[A-Za-z0-9_-]+={0,2}$'
     or length(new.auth) > 256 or new.auth !~ '^[A-Za-z0-9_-]+={0,2}$' then
    raise exception 'Push keys refused: p256dh and auth must be base64url strings of at most 256 characters'
      using errcode = '23514';
  end if;
  if tg_op = 'INSERT' then
    perform pg_advisory_xact_lock(hashtextextended('push_subscriptions:' || new.user_id::text, 0));
    -- A repeated endpoint fails on its unique key: it replaces nothing.
    if not exists (select 1 from public.push_subscriptions s where s.endpoint = new.endpoint) then
      delete from public.push_subscriptions s
      where s.id in (
        select s2.id from public.push_subscriptions s2
        where s2.user_id = new.user_id
        order by s2.created_at desc, s2.id desc
        offset 9
      );
    end if;
  end if;
  return new;
end $$;

create trigger check_push_subscription before insert or update of endpoint, p256dh, auth, user_id
  on public.push_subscriptions for each row execute function public.check_push_subscription();

revoke execute on function public.push_endpoint_problem(text), public.check_push_subscription()
from public, anon, authenticated, service_role;

-- What was stored before this check: endpoints it refuses go, and each member keeps their newest 10.
delete from public.push_subscriptions s where public.push_endpoint_problem(s.endpoint) is not null;
delete from public.push_subscriptions s
where s.id in (
  select id from (
    select s2.id, row_number() over (partition by s2.user_id order by s2.created_at desc, s2.id desc) as n
    from public.push_subscriptions s2
  ) ranked
  where ranked.n > 10
);

-- ---------------------------------------------------------------------------------------------------------------
-- Delivery leases.

alter table public.notification_deliveries add column claimed_until timestamptz;

-- Deliveries left 'sending' by a sender that died before this lease existed: a day old or less, they are claimed
-- again (the mail API drops a repeat of the same idempotency key for 24 hours); older ones are given up.
update public.notification_deliveries d
set claimed_until = coalesce(d.claimed_at, now())
where d.state = 'sending' and coalesce(d.claimed_at, now()) > now() - interval '1 day';
update public.notification_deliveries d
set state = 'failed', last_error = 'The sender stopped before recording this delivery'
where d.state = 'sending' and d.claimed_until is null;

-- What claim_notification_deliveries() looks for besides due rows: leases that ran out.
create index notification_deliveries_lease_idx on public.notification_deliveries (claimed_until, id)
  where state = 'sending';

-- Hands out up to max_rows deliveries, each to one sender at a time: due queued ones, and 'sending' ones whose lease
-- ran out (their sender died before recording them). A claim holds a delivery for 5 minutes, well past the longest
-- batch (each send has a 10 s deadline); after that another sender may send it again, with the same idempotency key
-- and push tag, so the member sees it once. The 8th lease that runs out gives the delivery up. skip locked lets two
-- senders claim side by side. A delivery whose thread, post or message is gone went with it (cascade).
create or replace function public.claim_notification_deliveries(max_rows integer)
returns table (
  delivery_id uuid, channel text, attempt integer, notification_id uuid, kind text, recipient_id uuid,
  recipient_email text, actor_id uuid, actor_name text, actor_count integer, thread_id uuid, thread_slug text,
  thread_title text, post_id uuid, message_id uuid, message_subject text, excerpt text, created_at timestamptz
)
language plpgsql volatile security definer set search_path = '' as $$
begin
  if max_rows is null or max_rows not between 1 and 1000 then
    raise exception 'max_rows must be between 1 and 1000' using errcode = '22023';
  end if;
  update public.notification_deliveries d
  set state = 'failed', last_error = 'The sender stopped 8 times before recording this delivery'
  where d.state = 'sending' and d.claimed_until < now() and d.attempts >= 8;
  return query
  with due_queued as (
    select d.id, d.next_attempt_at as due_at from public.notification_deliveries d
    where d.state = 'queued' and d.next_attempt_at <= now()
    order by d.next_attempt_at, d.id
    limit max_rows
    for update skip locked
  ),
  lease_ran_out as (
    select d.id, d.claimed_until as due_at from public.notification_deliveries d
    where d.state = 'sending' and d.claimed_until < now()
    order by d.claimed_until, d.id
    limit max_rows
    for update skip locked
  ),
  chosen as (
    select u.id, u.due_at from (select * from due_queued union all select * from lease_ran_out) u
    order by u.due_at, u.id
    limit max_rows
  ),
  claimed as (
    update public.notification_deliveries d
    set state = 'sending', attempts = d.attempts + 1, claimed_at = now(),
        claimed_until = now() + interval '5 minutes'
    from chosen
    where d.id = chosen.id
    returning d.id, d.channel, d.attempts, d.notification_id, chosen.due_at
  )
  select c.id, c.channel, c.attempts, n.id, n.kind, n.recipient_id, r.email, n.actor_id,
         coalesce(nullif(btrim(a.display_name), ''), a.username), n.actor_count, n.thread_id, t.slug, t.title,
         n.post_id, n.message_id, m.subject, public.notification_excerpt(coalesce(p.content, m.content)),
         n.created_at
  from claimed c
  join public.notifications n on n.id = c.notification_id
  join public.profiles r on r.id = n.recipient_id
  left join public.profiles a on a.id = n.actor_id
  left join public.threads t on t.id = n.thread_id
  left join public.posts p on p.id = n.post_id
  left join public.messages m on m.id = n.message_id
  order by c.due_at, c.id;
end $$;

-- The restated function keeps its grants: the service role alone.
