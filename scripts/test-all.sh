#!/usr/bin/env bash
# The one command that runs every test: types, lint, unit + devnet contract tests, the production
# build, and the browser tests in Debian's Chromium against the devnet.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s ==\033[0m\n' "$*"; }

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  step "install"
  npm ci --no-audit --no-fund
fi

step "typecheck"
npx tsc -p tsconfig.json --noEmit

step "lint"
npx eslint . --max-warnings 0

step "translation catalogues"
bash scripts/check-catalogues.sh

step "unit and devnet contract tests"
npx vitest run

step "production build"
npx vite build --logLevel warn

if ls e2e/*.spec.ts >/dev/null 2>&1; then
  step "browser tests (Debian chromium)"
  bash scripts/ensure-chromium.sh
  npx playwright test
fi
