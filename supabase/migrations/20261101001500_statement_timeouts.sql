-- Statement timeouts of the API roles, as hosted Supabase sets them: a visitor's query stops after 3 s, a member's
-- after 8 s, so one request cannot hold the database. PostgREST (and the local stack) applies a role's setting per
-- request. Roles belong to the whole server: each role is set only when it differs, and a parallel database setting
-- the same value first (tests on a shared PostgreSQL) is no failure.
do $$
declare
  r text[];
begin
  foreach r slice 1 in array array[['anon', '3s'], ['authenticated', '8s']] loop
    if not exists (
      select 1 from pg_catalog.pg_db_role_setting s
      where s.setrole = r[1]::regrole and s.setdatabase = 0 and ('statement_timeout=' || r[2]) = any (s.setconfig)
    ) then
      begin
        execute format('alter role %I set statement_timeout = %L', r[1], r[2]);
      exception when unique_violation then
        null;
      end;
    end if;
  end loop;
end $$;

-- Hosted PostgREST reads role settings when its configuration is reloaded.
notify pgrst, 'reload config';
