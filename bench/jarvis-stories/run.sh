#!/usr/bin/env bash
# `make bench-stories`: GET /stories under load (wrk, 64 connections) against the same server's
# own GET /health in the same run. Jarvis (release build, SQLite) reads the 24-outlet test
# newsroom (Sources/JarvisAPI/Demo/Newsroom) served by a static loopback server, clusters
# it, then wrk loads both routes. Prints requests/s and p99 of each and the ratio.
set -euo pipefail
cd "$(dirname "$0")/../.."
./scripts/install-deps.sh --bench

DURATION=${BENCH_DURATION:-10s}
CONNECTIONS=${BENCH_CONNECTIONS:-64}
PORT=18091
FEEDS_PORT=18092
fixtures=Sources/JarvisAPI/Demo/Newsroom
work=$(mktemp -d)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

swift build -c release --product jarvis >/dev/null
python3 -m http.server "$FEEDS_PORT" --bind 127.0.0.1 --directory "$fixtures" >"$work/feeds.log" 2>&1 &
pids+=($!)
# The corpus has fixed dates: keep its stories in the feed whatever today's date is.
JARVIS_STORY_STALE_SECONDS=1000000000 JARVIS_FEED_ALLOW_NETWORKS=127.0.0.1/32 DATABASE_URL="$work/bench.sqlite" \
  .build/release/jarvis serve --port "$PORT" --no-access-log >"$work/jarvis.log" 2>&1 &
pids+=($!)
for _ in $(seq 50); do curl -fs "http://127.0.0.1:$PORT/livez" >/dev/null && break; sleep 0.2; done

python3 - "$fixtures/manifest.json" "$PORT" "$FEEDS_PORT" <<'PY'
import json, sys, urllib.request
manifest, port, feeds = json.load(open(sys.argv[1])), sys.argv[2], sys.argv[3]
for outlet in manifest["outlets"]:
    body = json.dumps({"url": f"http://127.0.0.1:{feeds}/{outlet['file']}", "name": outlet["name"],
                       "pollIntervalSeconds": 900}).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}/feeds", data=body,
                                     headers={"Content-Type": "application/json"}, method="POST")
    urllib.request.urlopen(request).read()
PY
for _ in $(seq 100); do
  total=$(curl -fs "http://127.0.0.1:$PORT/stories?limit=1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])')
  [ "$total" -gt 0 ] && break; sleep 0.3
done
sleep 3  # let the last feeds land
echo "bench: $(curl -fs "http://127.0.0.1:$PORT/stories?limit=1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])') stories listed; wrk -t2 -c$CONNECTIONS -d$DURATION, $(nproc) cores"

# Prints "requests_per_second p99_milliseconds" from one wrk run.
measure() {
  out=$(wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --latency "$1")
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {v=$2; if (v ~ /us$/) {sub(/us/,"",v); v=v/1000} else if (v ~ /ms$/) {sub(/ms/,"",v)} else if (v ~ /s$/) {sub(/s/,"",v); v=v*1000}; print v}' <<<"$out")
  echo "$rps $p99"
}
read -r health_rps health_p99 < <(measure "http://127.0.0.1:$PORT/health")
read -r stories_rps stories_p99 < <(measure "http://127.0.0.1:$PORT/stories")
printf 'GET /health   %10.0f req/s  p99 %7.2f ms\n' "$health_rps" "$health_p99"
printf 'GET /stories  %10.0f req/s  p99 %7.2f ms   (first page, 20 stories with sources)\n' "$stories_rps" "$stories_p99"
printf 'ratio /stories ÷ /health: %.2f× req/s, p99 %.2f×\n' \
  "$(bc -l <<<"$stories_rps / $health_rps")" "$(bc -l <<<"$stories_p99 / $health_p99")"
