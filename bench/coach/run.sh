#!/usr/bin/env bash
# The Coach without a language model: a release `healthlog serve` on loopback (SQLite in a
# temporary folder) answers every probe message of Tests/CoachSafetyTests/Probes through the
# built-in responder; prints the unsafe-answer and false-refusal rates and the time to first byte
# of refusals and answers (target: a refusal's first byte under 50 ms). scripts/coach-smoke.sh
# runs the same measurement with a real local model behind the server.
#
#   bench/coach/run.sh [--probes N]     (N probe messages per locale and category, default all)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
source "$root/scripts/lib/healthlog-server.sh"
probes=100000
[[ "${1:-}" == "--probes" ]] && probes="$2"
(cd "$root" && swift build -c release --product healthlog >&2)
bin="$(cd "$root" && swift build -c release --show-bin-path)/healthlog"
work="$(mktemp -d)"
server=""
cleanup() { [[ -n "$server" ]] && { kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; }; rm -rf "$work"; }
trap cleanup EXIT
export DATABASE_URL="$work/healthlog.sqlite" HEALTHLOG_PASSWORD_HASH_COST=minimal
unset COACH_MODEL_URL
"$bin" user create --email bench@example.com --password bench-password-1 >/dev/null
start_healthlog "$bin" "$work"
server="$server_pid"
python3 "$root/bench/coach/smoke.py" --url "http://127.0.0.1:$port" --email bench@example.com --password bench-password-1 \
    --probes "$root/Tests/CoachSafetyTests/Probes" --per-category "$probes"
