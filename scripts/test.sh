#!/usr/bin/env bash
# Every test: installs what is missing, builds warning-free, runs the whole suite against
# SQLite AND a throwaway PostgreSQL cluster (REQUIRE_POSTGRES=1: PostgreSQL tests may not skip),
# the tools package's tests (Tools/Tests),
# the OpenAPI drift gate, schemathesis against both services' documents, a one-minute soak of each
# server, then a short libFuzzer run of each fuzz target.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh

echo "== build (warnings are errors)"
swift build --build-tests -Xswiftc -warnings-as-errors

echo "== tests (SQLite and PostgreSQL)"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
REQUIRE_POSTGRES=1 ./scripts/with-postgres.sh swift test --skip-build 2>&1 | tee "$log"

echo "== the tools' own tests (Tools/Package.swift; this product builds only them and what they import)"
swift build --package-path Tools --product ToolsPackageTests -Xswiftc -warnings-as-errors
swift test --package-path Tools --skip-build

echo "== OpenAPI drift gate (HealthLog contract §3, and Jarvis's document)"
bin="$(swift build --show-bin-path)"
HEALTHLOG_BIN="$bin/healthlog" JARVIS_BIN="$bin/jarvis" ./scripts/openapi-check.sh healthlog jarvis

echo "== schemathesis against the HealthLog and Jarvis documents (every phase and check; docs/api-toolkit.md)"
# One fixed seed: every run draws the same cases (Jarvis's stateful phase also follows the stories
# its run read, which vary), so a failure here comes from the change under test, not from the draw
# (scripts/schemathesis.sh alone draws anew each time).
HEALTHLOG_BIN="$bin/healthlog" ./scripts/schemathesis.sh healthlog --seed "${SCHEMATHESIS_SEED:-20261206}"
JARVIS_BIN="$bin/jarvis" ./scripts/schemathesis.sh jarvis --seed "${SCHEMATHESIS_SEED:-20261206}"

echo "== soak (one minute per server on the debug build; docs/reliability.md has the long run)"
SOAK_CONFIGURATION=debug SOAK_MINUTES="${SOAK_MINUTES:-1}" ./scripts/soak.sh

echo "== fuzzing (short run; see docs/fuzzing.md for the long one)"
FUZZ_SECONDS="${FUZZ_SECONDS:-30}" ./scripts/fuzz.sh

# The suite's own closing line, repeated last so it is what a reader of the log sees at the end.
summary=$(grep -E "^[[:space:]]*Executed [0-9]+ tests?, with" "$log" | tail -1)
executed=$(sed -E 's/.*Executed ([0-9]+) tests?.*/\1/' <<<"$summary")
failed=$(grep -oE "[0-9]+ failures?" <<<"$summary" | head -1 | grep -oE "[0-9]+")
skipped=$(grep -oE "with [0-9]+ tests? skipped" <<<"$summary" | grep -oE "[0-9]+" || echo 0)
echo "tests: $((executed - failed - skipped)) passed, $failed failed, $skipped skipped"
