-- Issue 13, the sender's side: one call records the outcomes of a whole batch of deliveries. Finishing them one by
-- one cost a request and a transaction each, and held the local sender under 100 deliveries a second.

-- results: [{id, outcome: 'sent' | 'retry' | 'permanent', error}]. 'sent' and 'retry' do what
-- finish_notification_delivery() does (a retry waits 30 s, 1 min, 2 min, ... and the 8th failed attempt gives up);
-- 'permanent' gives up at once (the push service said the device is gone, the mail API refused the address).
-- Only 'sending' deliveries change, once; the others are left out of the answer, which lists what changed.
create function public.finish_notification_deliveries(results jsonb)
returns table (delivery_id uuid, state text)
language plpgsql volatile security definer set search_path = '' as $$
begin
  if results is null or jsonb_typeof(results) <> 'array' or jsonb_array_length(results) > 1000 then
    raise exception 'results must be an array of at most 1000 {id, outcome, error}' using errcode = '22023';
  end if;
  if exists (
    select 1 from jsonb_array_elements(results) e
    where jsonb_typeof(e) <> 'object' or e ->> 'id' is null
       or coalesce(e ->> 'outcome', '') not in ('sent', 'retry', 'permanent')
  ) then
    raise exception 'each result needs an id and an outcome of sent, retry or permanent' using errcode = '22023';
  end if;
  return query
  with r as (
    select distinct on ((e ->> 'id')::uuid) (e ->> 'id')::uuid as rid, e ->> 'outcome' as outcome,
           e ->> 'error' as error
    from jsonb_array_elements(results) e
  )
  update public.notification_deliveries d
  set state = case
        when r.outcome = 'sent' then 'sent'
        when r.outcome = 'permanent' or d.attempts >= 8 then 'failed'
        else 'queued'
      end,
      sent_at = case when r.outcome = 'sent' then now() end,
      last_error = case when r.outcome = 'sent' then null else left(coalesce(r.error, 'Delivery failed'), 2000) end,
      next_attempt_at = case
        when r.outcome = 'retry' then now() + interval '30 seconds' * power(2, d.attempts - 1)
        else d.next_attempt_at
      end
  from r
  where d.id = r.rid and d.state = 'sending'
  returning d.id, d.state;
end $$;

revoke execute on function public.finish_notification_deliveries(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.finish_notification_deliveries(jsonb) to service_role;
