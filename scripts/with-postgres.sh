#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server: `scripts/with-postgres.sh npx vitest run --project backend`.
# Installs Debian's postgresql when it is missing and we are root; the cluster lives in a temp dir and is removed after.
set -euo pipefail
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
if [ -z "$bin" ]; then
  if [ "$(id -u)" != "0" ]; then
    echo "PostgreSQL is missing: run 'sudo apt-get install -y postgresql' and try again." >&2
    exit 1
  fi
  echo "Installing Debian's postgresql for the PostgreSQL pass of the backend tests..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
fi

port="${PG_TEST_PORT:-54329}"
dir="$(mktemp -d /tmp/guap-pg-XXXXXX)"
# PostgreSQL refuses to run as root: the cluster belongs to the postgres user then.
as_owner=()
if [ "$(id -u)" = "0" ]; then
  chown postgres "$dir"
  as_owner=(runuser -u postgres --)
fi
cleanup() {
  "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

# The superuser is supabase_admin, as on hosted: postgres, who applies the migrations, is created by
# supabase/local/bootstrap.sql without superuser rights.
"${as_owner[@]}" "$bin/initdb" -D "$dir/data" -A trust -U supabase_admin >/dev/null
# A busy machine may take a while to start it; if it does not start, its log says why before the folder goes.
if ! "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -t 180 \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null; then
  echo "PostgreSQL did not start on 127.0.0.1:$port (PG_TEST_PORT picks another port). Its log:" >&2
  cat "$dir/log" >&2
  exit 1
fi
echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"
DATABASE_URL="postgres://supabase_admin@127.0.0.1:$port/postgres" "$@"
