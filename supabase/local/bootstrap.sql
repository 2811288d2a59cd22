-- What a hosted Supabase project provides before any migration runs: roles, the auth and storage schemas owned by
-- Supabase's admin roles, and the grants Supabase applies. Idempotent, so it can run on every start and on a shared
-- PostgreSQL. On PostgreSQL it runs as the cluster's superuser (supabase_admin in the tests' cluster) and the
-- migrations then run as the non-superuser postgres, as on hosted; PGlite has one superuser, postgres, for both.

-- Roles belong to the whole server: two databases bootstrapping at once (parallel test files) may race to create
-- one, so losing that race counts as success. postgres is created only where it is missing: hosted's attributes.
do $$
declare
  r text[];
begin
  foreach r slice 1 in array array[
    ['anon', 'nologin noinherit'],
    ['authenticated', 'nologin noinherit'],
    ['service_role', 'nologin noinherit bypassrls'],
    ['postgres', 'login nosuperuser createdb createrole replication bypassrls'],
    ['supabase_auth_admin', 'noinherit createrole login noreplication'],
    ['supabase_storage_admin', 'noinherit createrole login noreplication'],
    ['supabase_realtime_admin', 'nologin noinherit noreplication']
  ] loop
    begin
      if not exists (select 1 from pg_roles where rolname = r[1]) then
        execute format('create role %I %s', r[1], r[2]);
      end if;
    exception when duplicate_object or unique_violation then
      null;
    end;
  end loop;
end $$;

-- Membership grants also race between parallel bootstraps; hosted grants the API roles to postgres.
do $$
declare
  r text;
begin
  foreach r in array array['anon', 'authenticated', 'service_role'] loop
    begin
      if not pg_has_role('postgres', r, 'member') then
        execute format('grant %I to postgres', r);
      end if;
    exception when unique_violation then
      null;
    end;
  end loop;
end $$;

grant usage on schema public to anon, authenticated, service_role;
grant usage, create on schema public to postgres;
do $$
begin
  execute format('grant all on database %I to postgres', current_database());
end $$;
-- Hosted no longer grants new public tables, sequences and functions to the API roles: each migration grants what
-- each role needs. Earlier versions of this file set such defaults, so a database made by one loses them here.
alter default privileges in schema public revoke all on tables from anon, authenticated, service_role;
alter default privileges in schema public revoke all on sequences from anon, authenticated, service_role;
alter default privileges in schema public revoke all on functions from anon, authenticated, service_role;

create schema if not exists extensions;
-- Hosted lets postgres install extensions (pg_trgm and the like) into this schema, and the API roles use them.
grant usage, create on schema extensions to postgres;
grant usage on schema extensions to anon, authenticated, service_role;
create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

-- auth.users as GoTrue's migrations leave it: token and timestamp columns have no default (GoTrue writes them
-- itself), and email is unique as written, for non-SSO users only (GoTrue stores it lowercased).
create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique,
  phone_confirmed_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  banned_until timestamptz,
  deleted_at timestamptz,
  is_sso_user boolean not null default false,
  is_anonymous boolean not null default false
);
-- Databases made by earlier versions of this file: the columns they lacked, and the defaults hosted does not have.
alter table auth.users
  add column if not exists email_change_token_current varchar(255) default '',
  add column if not exists email_change_confirm_status smallint default 0
    check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  add column if not exists phone_change text default '',
  add column if not exists phone_change_token varchar(255) default '',
  add column if not exists phone_change_sent_at timestamptz,
  add column if not exists reauthentication_token varchar(255) default '',
  add column if not exists reauthentication_sent_at timestamptz,
  alter column confirmation_token drop default,
  alter column recovery_token drop default,
  alter column email_change_token_new drop default,
  alter column email_change drop default,
  alter column created_at drop default,
  alter column updated_at drop default;
drop index if exists auth.users_email_key;
create unique index if not exists users_email_partial_key on auth.users (email) where (is_sso_user = false);

create table if not exists auth.identities (
  id uuid primary key default gen_random_uuid(),
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  email text generated always as (lower(identity_data ->> 'email')) stored,
  unique (provider_id, provider)
);

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  refreshed_at timestamp,
  aal text default 'aal1',
  not_after timestamptz,
  user_agent text,
  ip text
);

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean default false,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);

-- Hosted GoTrue keeps how each session was authenticated (the JWT's amr claim) and PKCE flow states in these tables.
create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  authentication_method text not null,
  id uuid primary key,
  unique (session_id, authentication_method)
);

create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid,
  auth_code text not null,
  code_challenge_method text not null,
  code_challenge text not null,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  authentication_method text not null,
  auth_code_issued_at timestamptz
);
create index if not exists idx_auth_code on auth.flow_state (auth_code);
create index if not exists idx_user_id_auth_method on auth.flow_state (user_id, authentication_method);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

-- The claims of the current request, as PostgREST sets them.
create or replace function auth.uid() returns uuid language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;
create or replace function auth.role() returns text language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;
create or replace function auth.email() returns text language sql stable as $$
  select (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')::text
$$;
create or replace function auth.jwt() returns jsonb language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;
grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to anon, authenticated, service_role;

-- GoTrue's own role owns the auth schema; postgres (the migrations) may read and write its tables, as on hosted,
-- but not create or alter them.
alter schema auth owner to supabase_auth_admin;
do $$
declare
  t regclass;
  f regprocedure;
begin
  for t in select c.oid from pg_class c where c.relnamespace = 'auth'::regnamespace and c.relkind = 'r' loop
    execute format('alter table %s owner to supabase_auth_admin', t);
  end loop;
  for f in select p.oid from pg_proc p where p.pronamespace = 'auth'::regnamespace loop
    execute format('alter function %s owner to supabase_auth_admin', f);
  end loop;
end $$;
grant usage on schema auth to postgres;
grant all on all tables in schema auth to postgres;
grant all on all sequences in schema auth to postgres;
grant all on all routines in schema auth to postgres;

create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;

create table if not exists storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  owner_id text,
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  user_metadata jsonb,
  unique (bucket_id, name)
);
alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;

create or replace function storage.foldername(name text) returns text[] language plpgsql immutable as $$
declare _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1:array_length(_parts, 1) - 1];
end $$;
create or replace function storage.filename(name text) returns text language plpgsql immutable as $$
declare _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end $$;
create or replace function storage.extension(name text) returns text language plpgsql immutable as $$
declare _parts text[]; _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end $$;
grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text) to anon, authenticated, service_role;

-- As the Storage API's migrations: rows of storage.objects and storage.buckets go only through the API, which sets
-- storage.allow_delete_query in its transaction; a direct DELETE would orphan the stored files.
create or replace function storage.protect_delete() returns trigger language plpgsql as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') != 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end $$;
drop trigger if exists protect_buckets_delete on storage.buckets;
create trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();
drop trigger if exists protect_objects_delete on storage.objects;
create trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();

-- The Storage API's role owns the storage schema; postgres may use its tables and, through supautils on hosted,
-- create policies on them (migrate.ts imitates that for the duration of a migration).
alter schema storage owner to supabase_storage_admin;
do $$
declare
  t regclass;
  f regprocedure;
begin
  for t in select c.oid from pg_class c where c.relnamespace = 'storage'::regnamespace and c.relkind = 'r' loop
    execute format('alter table %s owner to supabase_storage_admin', t);
  end loop;
  for f in select p.oid from pg_proc p where p.pronamespace = 'storage'::regnamespace loop
    execute format('alter function %s owner to supabase_storage_admin', f);
  end loop;
end $$;
grant usage on schema storage to postgres with grant option;
grant all on all tables in schema storage to postgres;
grant all on all sequences in schema storage to postgres;
grant all on all routines in schema storage to postgres;

-- Realtime's schema, as hosted has it: the database broadcasts with realtime.send, and RLS policies on
-- realtime.messages authorise private channels, with realtime.topic() naming the topic a client asks to join
-- (the migrations write those policies). Hosted realtime.send writes a row per call, with an id in its payload, and
-- Realtime broadcasts every row it reads from the WAL; here each call notifies the local stack instead ('realtime'),
-- which forwards it to the sockets on that topic (realtime/), so no row is kept: the table holds only the join
-- checks' own rows, each rolled back. The id makes each call's notification its own, as each call's row is: PostgreSQL
-- would deliver a transaction's identical notifications once, and hosted broadcasts them all.
create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role, postgres;
create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now(),
  id uuid not null default gen_random_uuid(),
  primary key (id, inserted_at)
);
alter table realtime.messages enable row level security;
grant select, insert on realtime.messages to anon, authenticated;
grant all on realtime.messages to service_role;
create or replace function realtime.topic() returns text language sql stable as $$
  select nullif(current_setting('realtime.topic', true), '')
$$;
grant execute on function realtime.topic() to anon, authenticated, service_role, postgres;
-- As hosted, a broadcast that fails is a warning and never fails the write that sent it.
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void language plpgsql security definer set search_path = '' as $$
begin
  if not payload ? 'id' then
    payload := jsonb_set(payload, '{id}', to_jsonb(gen_random_uuid()));
  end if;
  perform pg_notify('realtime', jsonb_build_object(
    'topic', topic, 'event', event, 'payload', payload, 'private', private)::text);
exception when others then
  raise warning 'ErrorSendingBroadcastMessage: %', sqlerrm;
end $$;
revoke execute on function realtime.send(jsonb, text, text, boolean) from public;
grant execute on function realtime.send(jsonb, text, text, boolean) to postgres, service_role;
alter schema realtime owner to supabase_realtime_admin;
alter table realtime.messages owner to supabase_realtime_admin;
alter function realtime.topic() owner to supabase_realtime_admin;
alter function realtime.send(jsonb, text, text, boolean) owner to supabase_realtime_admin;
grant all on realtime.messages to postgres;

create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text,
  applied_at timestamptz default now()
);
-- The Supabase CLI creates its history table as postgres, who applies the migrations.
alter schema supabase_migrations owner to postgres;
alter table supabase_migrations.schema_migrations owner to postgres;

-- Local stack only: the mailbox that stands in for outgoing mail.
create schema if not exists local;
create table if not exists local.mail (
  id bigserial primary key,
  to_address text not null,
  subject text not null,
  text_body text not null,
  links text[] not null default '{}',
  created_at timestamptz not null default clock_timestamp()
);
create index if not exists mail_to_idx on local.mail (lower(to_address), id desc);

-- Local stack only: what the local mail API answered per Idempotency-Key, kept 24 hours as Resend keeps its keys.
create table if not exists local.mail_api_requests (
  idempotency_key text primary key,
  request_hash text not null,
  response jsonb not null,
  created_at timestamptz not null default now()
);
