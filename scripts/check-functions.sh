#!/usr/bin/env bash
# `npm run check:functions`: `deno check` on every Edge Function in supabase/functions, under Deno's own types and the
# npm versions each function's deno.json names, as hosted Supabase runs them. tsc checks the same files under Node's
# types only, which is how a type error that only Deno sees got past it. Deno fetches the functions' npm imports from
# the npm registry into DENO_DIR (node_modules/.cache/deno unless set), so a second run reads no network.
set -euo pipefail
cd "$(dirname "$0")/.."
deno="$PWD/node_modules/.bin/deno"
if ! "$deno" --version >/dev/null 2>&1; then
  deno=$(command -v deno || true)
fi
if [ -z "$deno" ]; then
  echo "deno is not installed: run npm ci (it is a devDependency), or install Deno 2." >&2
  exit 1
fi
export DENO_DIR="${DENO_DIR:-$PWD/node_modules/.cache/deno}"
status=0
for dir in supabase/functions/*/; do
  name=$(basename "$dir")
  # Folders starting with _ hold shared code, which the functions' own checks cover.
  [[ $name == _* ]] && continue
  echo "-- deno check $name"
  (cd "$dir" && "$deno" check --quiet --no-lock --config deno.json index.ts) || status=1
done
exit $status
