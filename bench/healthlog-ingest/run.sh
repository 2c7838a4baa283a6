#!/usr/bin/env bash
# HealthLog ingest throughput: 500-entry measurement batches from several users at once over real
# HTTP against a release build of `healthlog`, next to the same rows inserted raw into the same
# table, in alternating rounds of the same run; prints both rates and the median of the rounds'
# ratios (target >= 0.7). SQLite always; PostgreSQL too when TEST_POSTGRES_URL is set, e.g.
#   scripts/with-postgres.sh bench/healthlog-ingest/run.sh
# Knobs: BENCH_USERS (8), BENCH_BATCHES_PER_USER (40, at most 60: the rate limit),
#        BENCH_ROUNDS (10, dividing BENCH_BATCHES_PER_USER; each round inserts half its rows raw, posts
#        its batches, inserts the other half raw; 1: the whole run as one such round),
#        PACKAGE_DIR (repository to build, default: this one; IngestBench belongs to PACKAGE_DIR/Tools).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
package="${PACKAGE_DIR:-$(cd "$here/../.." && pwd)}"
users="${BENCH_USERS:-8}"
export BENCH_BATCHES_PER_USER="${BENCH_BATCHES_PER_USER:-40}"
export BENCH_PASSWORD="bench-password-123"
export HEALTHLOG_PASSWORD_HASH_COST=minimal
work=$(mktemp -d)
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

swift build -c release --product healthlog --package-path "$package" >/dev/null
swift build -c release --product IngestBench --package-path "$package/Tools" >/dev/null
bin="$(swift build -c release --package-path "$package" --show-bin-path)"
tools_bin="$(swift build -c release --package-path "$package/Tools" --show-bin-path)"

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

run_against() {
  local label=$1 database=$2 port emails=""
  port=$(free_port)
  for i in $(seq 1 "$users"); do
    "$bin/healthlog" user create --email "bench$i@example.com" --password "$BENCH_PASSWORD" --database "$database" >/dev/null
    emails="${emails:+$emails,}bench$i@example.com"
  done
  "$bin/healthlog" serve --port "$port" --database "$database" --no-access-log --log-level error &
  server_pid=$!
  for _ in $(seq 1 100); do
    curl -fs "http://127.0.0.1:$port/livez" >/dev/null 2>&1 && break
    sleep 0.1
  done
  echo "== $label"
  BENCH_SERVER_PID="$server_pid" BENCH_SERVER_URL="http://127.0.0.1:$port" BENCH_DATABASE_URL="$database" BENCH_EMAILS="$emails" \
    "$tools_bin/IngestBench" | sed 's/^/   /'
  kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid=""
}

run_against "SQLite (HTTP vs one-transaction prepared INSERTs)" "$work/healthlog.sqlite"
if [ -n "${TEST_POSTGRES_URL:-}" ]; then
  run_against "PostgreSQL (HTTP vs one-transaction multi-row INSERTs)" "$TEST_POSTGRES_URL"
fi
