#!/usr/bin/env bash
# Soak: each server (healthlog, jarvis, or both by default) on a throwaway SQLite database under
# mixed traffic at SOAK_LOAD (0.8) of the capacity measured first, for SOAK_MINUTES (default 30; CI
# can run 1). Prints, per SOAK_SAMPLE_SECONDS (60), the requests, errors, p50 and p99 latency,
# resident memory and open file descriptors, then start and end figures (scripts/lib/soak_load.py).
# Fails if any request failed (5xx or a broken exchange). SOAK_CONFIGURATION=debug soaks the debug
# build instead of release. Usage: scripts/soak.sh [healthlog] [jarvis]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/healthlog-server.sh
minutes="${SOAK_MINUTES:-30}"
configuration="${SOAK_CONFIGURATION:-release}"
servers=("$@")
[ "${#servers[@]}" -gt 0 ] || servers=(healthlog jarvis)

for server in "${servers[@]}"; do
  swift build -c "$configuration" --product "$server" >/dev/null
done
bin="$(swift build -c "$configuration" --show-bin-path)"

status=0
for server in "${servers[@]}"; do
  work=$(mktemp -d)
  export DATABASE_URL="$work/$server.sqlite"
  if [ "$server" = healthlog ]; then
    for client in $(seq 1 "${SOAK_CLIENTS:-8}"); do
      echo "soak password long enough" | "$bin/healthlog" user create --email "soak$client@example.com" --password-stdin >/dev/null
    done
  fi
  start_healthlog "$bin/$server" "$work"
  python3 scripts/lib/soak_load.py --service "$server" --url "http://127.0.0.1:$port" --pid "$server_pid" \
    --minutes "$minutes" --load "${SOAK_LOAD:-0.8}" --clients "${SOAK_CLIENTS:-8}" \
    --sample-seconds "${SOAK_SAMPLE_SECONDS:-60}" || status=1
  kill -TERM "$server_pid"
  wait "$server_pid" || true
  rm -rf "$work"
done
exit "$status"
