#!/usr/bin/env bash
# The soak tests of issue 8 (about 3 minutes): the devnet SIGKILLed mid-burst and restarted, chain
# node restarts under the indexer, and 50 trading clients for 60 s. Each devnet runs as a child
# process on free ports with its own data dir, so a running `npm start` is never disturbed.
#   SOAK_SECONDS=60 SOAK_CLIENTS=50 SOAK_CRASH_ROUNDS=8   tune them; extra arguments go to vitest
#   (e.g. `bash scripts/test-soak.sh devnet/soak/load.soak.test.ts` runs one file).
set -euo pipefail
cd "$(dirname "$0")/.."
export SOAK=1
exec npx vitest run --config devnet/soak/vitest.config.ts "$@"
