#!/usr/bin/env bash
# Every test: installs what is missing, builds warning-free, runs the whole suite against
# SQLite AND a throwaway PostgreSQL cluster (REQUIRE_POSTGRES=1: PostgreSQL tests may not skip),
# then a short libFuzzer run of each fuzz target.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh

echo "== build (warnings are errors)"
swift build --build-tests -Xswiftc -warnings-as-errors

echo "== tests (SQLite and PostgreSQL)"
REQUIRE_POSTGRES=1 ./scripts/with-postgres.sh swift test --skip-build

echo "== fuzzing (short run; see docs/fuzzing.md for the long one)"
FUZZ_SECONDS="${FUZZ_SECONDS:-30}" ./scripts/fuzz.sh
