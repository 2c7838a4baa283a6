#!/usr/bin/env bash
# The main job: installs what is missing, builds in release mode, and runs both servers on
# SQLite with their defaults — HealthLog on :8080 (./data/healthlog.sqlite) and Jarvis on
# :8081 (./data/jarvis.sqlite). Ctrl-C or SIGTERM stops both gracefully.
# Override per server with HEALTHLOG_PORT, JARVIS_PORT, HEALTHLOG_DATABASE_URL, JARVIS_DATABASE_URL.
# `--demo` runs Jarvis as `jarvis demo`: the bundled fictional newsroom served on loopback and
# subscribed, on a scratch database removed at exit (JARVIS_DATABASE_URL, if set, instead).
set -euo pipefail
cd "$(dirname "$0")/.."
jarvis_command=serve
for argument in "$@"; do
  case "$argument" in
    --demo) jarvis_command=demo ;;
    *) echo "usage: $0 [--demo]" >&2; exit 64 ;;
  esac
done
./scripts/install-deps.sh
swift build -c release --product healthlog
swift build -c release --product jarvis

pids=()
stop() { trap - INT TERM; kill -TERM "${pids[@]}" 2>/dev/null || true; wait "${pids[@]}" 2>/dev/null || true; }
trap stop INT TERM

PORT="${HEALTHLOG_PORT:-8080}" DATABASE_URL="${HEALTHLOG_DATABASE_URL:-./data/healthlog.sqlite}" \
  .build/release/healthlog serve &
pids+=($!)
if [ "$jarvis_command" = demo ]; then
  PORT="${JARVIS_PORT:-8081}" DATABASE_URL="${JARVIS_DATABASE_URL:-}" .build/release/jarvis demo &
else
  PORT="${JARVIS_PORT:-8081}" DATABASE_URL="${JARVIS_DATABASE_URL:-./data/jarvis.sqlite}" .build/release/jarvis serve &
fi
pids+=($!)

# If either server exits, stop the other and report its status.
set +e
wait -n "${pids[@]}"
status=$?
stop
exit "$status"
