#!/usr/bin/env bash
# The OpenAPI drift gate (HealthLog locked contract §3, and the same for Jarvis): regenerates each
# service's document from its endpoint declarations and compares it with the committed file.
#   scripts/openapi-check.sh [SERVICE…]           exit 0 when identical, 1 with a diff when one drifts
#   scripts/openapi-check.sh --write [SERVICE…]   regenerate the committed files after an intended change
# SERVICE is healthlog (docs/api/openapi.yaml) or jarvis (docs/api/jarvis-openapi.yaml); default both.
# HEALTHLOG_BIN / JARVIS_BIN override the executables (default: build them with swift build --product).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
write=0
if [[ "${1:-}" == "--write" ]]; then
    write=1
    shift
fi
services=("$@")
[[ ${#services[@]} -gt 0 ]] || services=(healthlog jarvis)
generated="$(mktemp)"
trap 'rm -f "$generated"' EXIT
status=0
for service in "${services[@]}"; do
    case "$service" in
        healthlog) committed="docs/api/openapi.yaml"; bin="${HEALTHLOG_BIN:-}" ;;
        jarvis) committed="docs/api/jarvis-openapi.yaml"; bin="${JARVIS_BIN:-}" ;;
        *) echo "openapi-check: unknown service $service (healthlog or jarvis)" >&2; exit 64 ;;
    esac
    if [[ -z "$bin" ]]; then
        (cd "$root" && swift build --product "$service" >&2)
        bin="$(cd "$root" && swift build --show-bin-path)/$service"
    fi
    "$bin" openapi >"$generated"
    if [[ $write == 1 ]]; then
        cp "$generated" "$root/$committed"
        echo "wrote $root/$committed"
    elif ! diff -u --label "committed/$committed" --label generated "$root/$committed" "$generated"; then
        echo "openapi-check: $committed drifted from the route declarations; run scripts/openapi-check.sh --write $service" >&2
        status=1
    else
        echo "openapi-check: $committed matches the generated document"
    fi
done
exit $status
