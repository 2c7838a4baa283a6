#!/usr/bin/env bash
# The OpenAPI drift gate (locked contract §3): regenerates the HealthLog document from the
# endpoint declarations and compares it with the committed docs/api/openapi.yaml.
#   scripts/openapi-check.sh           exit 0 when identical, 1 with a diff when they drift
#   scripts/openapi-check.sh --write   regenerate docs/api/openapi.yaml after an intended change
# HEALTHLOG_BIN overrides the executable (default: build it with swift build --product healthlog).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
committed="$root/docs/api/openapi.yaml"
if [[ -n "${HEALTHLOG_BIN:-}" ]]; then
    bin="$HEALTHLOG_BIN"
else
    (cd "$root" && swift build --product healthlog >&2)
    bin="$(cd "$root" && swift build --show-bin-path)/healthlog"
fi
generated="$(mktemp)"
trap 'rm -f "$generated"' EXIT
"$bin" openapi >"$generated"
if [[ "${1:-}" == "--write" ]]; then
    cp "$generated" "$committed"
    echo "wrote $committed"
    exit 0
fi
if ! diff -u --label committed/docs/api/openapi.yaml --label generated "$committed" "$generated"; then
    echo "openapi-check: docs/api/openapi.yaml drifted from the route declarations; run scripts/openapi-check.sh --write" >&2
    exit 1
fi
echo "openapi-check: docs/api/openapi.yaml matches the generated document"
