#!/usr/bin/env bash
# `npm test`: typecheck, lint, a check that the generated database types match the migrations, unit and backend tests
# (on PGlite, then again on a throwaway PostgreSQL), then the browser tests against a fresh build, then every
# benchmark at tiny sizes (bench/smoke.ts), which fails only when one throws.
set -euo pipefail
cd "$(dirname "$0")/.."
results="$(mktemp -d)"
trap 'rm -rf "$results"' EXIT
# Each phase's name and start (epoch seconds), for the table of seconds at the end.
phase() {
  echo "== $1"
  printf '%s\t%s\n' "$1" "$(date +%s)" >>"$results/phases.tsv"
}

phase "typecheck, lint and generated types"
# Independent checks, side by side, then their output in order. ESLint alone takes ~85 s of one core; the others
# (~90 s between them) fill the second, so the phase lasts about as long as ESLint.
checks=(typecheck lint:code lint:format gen:types)
# deno check of the Edge Functions (a few seconds), where Deno runs here: a devDependency, absent on platforms it has
# no binary for.
if node_modules/.bin/deno --version >/dev/null 2>&1 || command -v deno >/dev/null; then
  checks+=(check:functions)
fi
pids=()
for check in "${checks[@]}"; do
  npm run -s "$check" >"$results/$check.log" 2>&1 &
  pids+=($!)
done
checked=0
for i in "${!checks[@]}"; do
  rc=0
  wait "${pids[$i]}" || rc=$?
  echo "-- npm run ${checks[$i]}"
  cat "$results/${checks[$i]}.log"
  [ "$rc" = 0 ] || checked=$rc
done
[ "$checked" = 0 ] || exit "$checked"
if ! git diff --exit-code src/backend/database.types.ts; then
  echo "src/backend/database.types.ts does not match supabase/migrations: run npm run gen:types and commit it." >&2
  exit 1
fi
status=0
# Runs one test command: its output shown and kept, and its exit code kept, so that the closing summary can say why a
# command failed with no failing test (an unhandled error, a crashed worker).
run_tests() {
  local name=$1 rc=0
  shift
  "$@" 2>&1 | tee "$results/$name.out" || rc=$?
  printf '%s\t%s\n' "$name" "$rc" >>"$results/exits.tsv"
  [ "$rc" = 0 ] || status=$rc
}
phase "unit and backend tests"
run_tests vitest npx vitest run --reporter=default --reporter=json --outputFile.json="$results/vitest.json"
phase "backend tests on PostgreSQL"
run_tests "vitest on PostgreSQL" bash scripts/with-postgres.sh npx vitest run --project backend --reporter=dot \
  --reporter=json --outputFile.json="$results/vitest-postgres.json"
phase "build"
npx vite build --logLevel warn
bash scripts/ensure-chromium.sh
phase "browser tests"
run_tests playwright env PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" npx playwright test --reporter=list,json
phase "benchmarks as a smoke test (tiny sizes, no timing asserted)"
run_tests "bench smoke" npx tsx bench/smoke.ts
printf '%s\t%s\n' "end" "$(date +%s)" >>"$results/phases.tsv"
npx tsx scripts/test-summary.ts "$results" "$results/vitest.json" "$results/vitest-postgres.json" "$results/playwright.json"
exit $status
