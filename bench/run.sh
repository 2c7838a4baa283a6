#!/usr/bin/env bash
# `make bench`: our servers against references measured in the same run on the same machine.
# A tiny JSON GET, wrk on loopback, against nginx in four rounds:
#   1. core: `/livez`, access logs off on both (the server machinery alone);
#   2. as deployed: `/livez`, access logs on for both, one line per request to a file (ours: JSON
#      lines, nginx: its combined format, buffered);
#   3. round 1 again with 5,000 idle keep-alive connections held open during the load;
#   4. Jarvis `GET /health` (version, counts, uptime), access logs on, against round 2's nginx.
# Then HealthLog batch ingest over HTTP against a raw insert of the same rows
# (bench/healthlog-ingest/run.sh; PostgreSQL too under scripts/with-postgres.sh).
# Prints requests/s and p99 for both sides of every round, and at the end the three ratios the
# project is held to, each with its target.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh --bench

LIVEZ_TARGET=0.90          # /livez requests/s, access logs on, as a fraction of nginx's
HEALTH_TARGET=0.80         # Jarvis /health requests/s as a fraction of nginx's
P99_TARGET=2.00            # our p99 at most this many times nginx's

DURATION=${BENCH_DURATION:-10s}
CONNECTIONS=${BENCH_CONNECTIONS:-64}
IDLE=${BENCH_IDLE_CONNECTIONS:-5000}
OURS_PORT=18081            # access log off
NGINX_PORT=18082
OURS_LOG_PORT=18083        # access log on
NGINX_LOG_PORT=18084
work=$(mktemp -d)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
ulimit -n "$(ulimit -Hn)"

swift build -c release --product jarvis >/dev/null
DATABASE_URL="$work/bench.sqlite" .build/release/jarvis serve --port "$OURS_PORT" --no-access-log >"$work/ours.log" 2>&1 &
pids+=($!)
DATABASE_URL="$work/bench-log.sqlite" .build/release/jarvis serve --port "$OURS_LOG_PORT" >"$work/ours-access.log" 2>&1 &
pids+=($!)
ours_log_pid=$!

mkdir -p "$work/nginx"
cat >"$work/nginx/nginx.conf" <<NGINX
worker_processes $(nproc);
worker_rlimit_nofile 65536;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log;
events { worker_connections 16384; }
http {
  access_log off;
  keepalive_requests 1000000;
  keepalive_timeout 75s;
  client_body_temp_path $work/nginx;
  proxy_temp_path $work/nginx;
  fastcgi_temp_path $work/nginx;
  uwsgi_temp_path $work/nginx;
  scgi_temp_path $work/nginx;
  server {
    listen 127.0.0.1:$NGINX_PORT;
    location / { default_type application/json; return 200 '{"status":"ok"}'; }
  }
  server {
    listen 127.0.0.1:$NGINX_LOG_PORT;
    access_log $work/nginx/access.log combined buffer=64k flush=1s;
    location / { default_type application/json; return 200 '{"status":"ok"}'; }
  }
}
NGINX
nginx -c "$work/nginx/nginx.conf" -g 'daemon off;' &
pids+=($!)
nginx_pid=$!

for port in "$OURS_PORT" "$NGINX_PORT" "$OURS_LOG_PORT" "$NGINX_LOG_PORT"; do
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/livez" >/dev/null && break; sleep 0.1; done
done

# Prints "requests_per_second p99_milliseconds cpu_microseconds_per_request" from one wrk run. The
# last field is the CPU time (user + system, from /proc/<pid>/stat) the given processes used during
# the run divided by the requests answered: unlike requests/s it hardly depends on what else the
# machine runs, so it steers work on a shared machine ("-" without pids).
measure() {
  local url=$1 out rps p99 requests before after cpu=-
  shift
  before=$(cpu_ticks "$@")
  out=$(wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --latency "$url")
  after=$(cpu_ticks "$@")
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {v=$2; if (v ~ /us$/) {sub(/us/,"",v); v=v/1000} else if (v ~ /ms$/) {sub(/ms/,"",v)} else if (v ~ /s$/) {sub(/s/,"",v); v=v*1000}; print v}' <<<"$out")
  requests=$(awk '/requests in/ {print $1}' <<<"$out")
  if [ $# -gt 0 ]; then cpu=$(echo "($after - $before) * 1000000 / $(getconf CLK_TCK) / $requests" | bc -l); fi
  echo "$rps $p99 $cpu"
}

# Clock ticks (user + system) used so far by the given processes and their threads.
cpu_ticks() {
  local total=0 pid
  for pid in "$@"; do total=$((total + $(awk '{print $14 + $15}' "/proc/$pid/stat"))); done
  echo "$total"
}

report() {
  local label=$1 ours=$2 theirs=$3 target=$4
  read -r ours_rps ours_p99 _ <<<"$ours"
  read -r nginx_rps nginx_p99 _ <<<"$theirs"
  printf '%-30s ours %10.0f req/s  p99 %7.2f ms | nginx %10.0f req/s  p99 %7.2f ms | ratio req/s %.2f× (target ≥ %s)  p99 %.2f× (target ≤ %s)\n' \
    "$label" "$ours_rps" "$ours_p99" "$nginx_rps" "$nginx_p99" \
    "$(echo "$ours_rps / $nginx_rps" | bc -l)" "$target" "$(echo "$ours_p99 / $nginx_p99" | bc -l)" "$P99_TARGET"
}

cpu_line() {
  read -r _ _ ours_cpu <<<"$1"; read -r _ _ nginx_cpu <<<"$2"
  printf '%.2f µs ours, %.2f µs nginx: %.2f×' "$ours_cpu" "$nginx_cpu" "$(echo "$ours_cpu / $nginx_cpu" | bc -l)"
}

rps_ratio() { read -r ours_rps _ <<<"$1"; read -r nginx_rps _ <<<"$2"; printf '%.2f' "$(echo "$ours_rps / $nginx_rps" | bc -l)"; }
p99_ratio() { read -r _ ours_p99 _ <<<"$1"; read -r _ nginx_p99 _ <<<"$2"; printf '%.2f' "$(echo "$ours_p99 / $nginx_p99" | bc -l)"; }

echo "bench: tiny JSON GET /livez and Jarvis GET /health, wrk -t2 -c$CONNECTIONS -d$DURATION, $(nproc) cores, load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
for port in "$OURS_PORT" "$NGINX_PORT"; do measure "http://127.0.0.1:$port/livez" >/dev/null; done  # warm-up
ours=$(measure "http://127.0.0.1:$OURS_PORT/livez")
theirs=$(measure "http://127.0.0.1:$NGINX_PORT/livez")
report "core (no access logs)" "$ours" "$theirs" "$LIVEZ_TARGET"
nginx_pids=("$nginx_pid" $(pgrep -P "$nginx_pid"))  # the master and its workers
ours=$(measure "http://127.0.0.1:$OURS_LOG_PORT/livez" "$ours_log_pid")
theirs=$(measure "http://127.0.0.1:$NGINX_LOG_PORT/livez" "${nginx_pids[@]}")
report "with access logs" "$ours" "$theirs" "$LIVEZ_TARGET"
livez=("$(rps_ratio "$ours" "$theirs")" "$(p99_ratio "$ours" "$theirs")" "$(cpu_line "$ours" "$theirs")")

seconds=${DURATION%s}
with_idle() {
  python3 bench/hold_idle_connections.py 127.0.0.1 "$1" "$IDLE" "$((seconds + 3))" /livez >"$work/idle-$1.log" &
  local holder=$!
  for _ in $(seq 300); do grep -q established "$work/idle-$1.log" 2>/dev/null && break; sleep 0.1; done
  measure "http://127.0.0.1:$1/livez"
  wait "$holder"
  sed 's/^/    /' "$work/idle-$1.log" >&2
}
ours=$(with_idle "$OURS_PORT")
theirs=$(with_idle "$NGINX_PORT")
report "core + $IDLE idle keep-alive" "$ours" "$theirs" "$LIVEZ_TARGET"

measure "http://127.0.0.1:$OURS_LOG_PORT/health" >/dev/null  # warm-up
ours=$(measure "http://127.0.0.1:$OURS_LOG_PORT/health" "$ours_log_pid")
theirs=$(measure "http://127.0.0.1:$NGINX_LOG_PORT/livez" "${nginx_pids[@]}")
report "jarvis /health (access logs)" "$ours" "$theirs" "$HEALTH_TARGET"
health=("$(rps_ratio "$ours" "$theirs")" "$(p99_ratio "$ours" "$theirs")" "$(cpu_line "$ours" "$theirs")")

echo "healthlog ingest (bench/healthlog-ingest/run.sh):"
bench/healthlog-ingest/run.sh | tee "$work/ingest.log"
ingest=$(awk '/^== SQLite/ {on = 1} on && /ratio=/ {print; exit}' "$work/ingest.log")
ingest_postgres=$(awk '/^== PostgreSQL/ {on = 1} on && /ratio=/ {print; exit}' "$work/ingest.log")
ingest_cpu=$(awk '/^== SQLite/ {on = 1} on && /^ *cpu us\/row: server/ {print; exit}' "$work/ingest.log")

echo "== ratios (load average at end: $(cut -d' ' -f1-3 /proc/loadavg))"
printf '/livez, access logs on:         %s× nginx req/s (target ≥ %s), p99 %s× (target ≤ %s)\n' "${livez[0]}" "$LIVEZ_TARGET" "${livez[1]}" "$P99_TARGET"
printf 'jarvis /health, access logs on: %s× nginx req/s (target ≥ %s), p99 %s× (target ≤ %s)\n' "${health[0]}" "$HEALTH_TARGET" "${health[1]}" "$P99_TARGET"
printf 'healthlog ingest vs raw SQLite: %s\n' "$(sed 's/^ *//' <<<"$ingest")"
printf 'healthlog ingest vs raw SQLite, CPU per row (not the target, steadier under load): %s\n' "$(sed 's/^ *cpu us\/row: //' <<<"$ingest_cpu")"
if [ -n "$ingest_postgres" ]; then printf 'healthlog ingest vs raw PostgreSQL: %s\n' "$(sed 's/^ *//' <<<"$ingest_postgres")"; fi
printf 'CPU per request (user + system), access logs on: /livez %s; /health %s\n' "${livez[2]}" "${health[2]}"
