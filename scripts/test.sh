#!/usr/bin/env bash
# `npm test`: typecheck, lint, a check that the generated database types match the migrations, unit and backend tests
# (on PGlite, then again on a throwaway PostgreSQL), then the browser tests against a fresh build, then every
# benchmark at tiny sizes (bench/smoke.ts), which fails only when one throws.
set -euo pipefail
cd "$(dirname "$0")/.."
results="$(mktemp -d)"
trap 'rm -rf "$results"' EXIT

echo "== typecheck"
npm run -s typecheck
echo "== lint"
npm run -s lint
echo "== generated types"
npm run -s gen:types
if ! git diff --exit-code src/backend/database.types.ts; then
  echo "src/backend/database.types.ts does not match supabase/migrations: run npm run gen:types and commit it." >&2
  exit 1
fi
echo "== unit and backend tests"
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json="$results/vitest.json" || status=$?
echo "== backend tests on PostgreSQL"
bash scripts/with-postgres.sh npx vitest run --project backend --reporter=dot --reporter=json \
  --outputFile.json="$results/vitest-postgres.json" || status=$?
echo "== build"
npx vite build --logLevel warn
bash scripts/ensure-chromium.sh
echo "== browser tests"
PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" npx playwright test --reporter=list,json || status=$?
echo "== benchmarks as a smoke test (tiny sizes, no timing asserted)"
npx tsx bench/smoke.ts || status=$?
npx tsx scripts/test-summary.ts "$results/vitest.json" "$results/vitest-postgres.json" "$results/playwright.json"
exit $status
