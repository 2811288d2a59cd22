-- Push endpoints are read as the sender's URL parser reads them. The scheme was matched in any case, but the host was
-- then cut out of the endpoint in lower case only, so `HTTPS://127.0.0.1/` had no host to check and passed every rule.
-- Browsers hand out endpoints as serialized URLs (lower-case scheme, no backslash), so any other spelling is refused
-- rather than interpreted, and each check below refuses when what it reads is missing.
create or replace function public.push_endpoint_problem(endpoint text) returns text
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
  -- A URL parser reads a backslash as a slash, which would end the host where this function does not.
  if strpos(endpoint, '\') > 0 then
    return 'the endpoint holds a backslash';
  end if;
  if exists (
    select 1 from public.push_test_origins o where left(endpoint, length(o.origin) + 1) = o.origin || '/'
  ) then
    return null;
  end if;
  if endpoint !~ '^https://' then
    return 'the endpoint is not an https URL (it must start with https:// in lower case)';
  end if;
  authority := coalesce(substring(endpoint from '^https://([^/?#]*)'), '');
  if authority like '%@%' then
    return 'the endpoint has a user name or password';
  end if;
  if authority like '[%' then
    return 'the endpoint''s host is an IP address';
  end if;
  if authority like '%:%' and authority !~ '^[^:]+:[0-9]{1,5}$' then
    return 'the endpoint''s port is not a number';
  end if;
  host := lower(split_part(authority, ':', 1));
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

revoke execute on function public.push_endpoint_problem(text) from public, anon, authenticated, service_role;

-- Endpoints stored in a spelling the earlier rule let through go, as they would have at its own start.
delete from public.push_subscriptions s where public.push_endpoint_problem(s.endpoint) is not null;
