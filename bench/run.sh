#!/usr/bin/env bash
# `make bench`: our servers against references measured in the same run on the same machine.
# A tiny JSON GET, wrk on loopback, against nginx in four comparisons:
#   1. core: `/livez`, access logs off on both (the server machinery alone);
#   2. as deployed: `/livez`, access logs on for both, one line per request to a file (ours: JSON
#      lines, nginx: its combined format, buffered);
#   3. round 1 again with 5,000 idle keep-alive connections held open during the load;
#   4. Jarvis `GET /health` (version, counts, uptime), access logs on, against round 2's nginx.
# Comparisons 1, 2 and 4 are ROUNDS pairs of short rounds, ours and nginx back to back with the
# order alternating, each pair giving a ratio; the median ratio is the result and every pair is
# printed (a single long round of each side measured the machine's load as much as the servers).
# Both servers get one worker per core and the same accept distribution (SO_REUSEPORT).
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

DURATION=${BENCH_DURATION:-3s}            # one round
ROUNDS=${BENCH_HTTP_ROUNDS:-6}            # round pairs per comparison; even, so each side goes first equally often
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

# BENCH_JARVIS: a release `jarvis` built elsewhere (another branch's, for alternating A/B runs of one
# machine state); by default this tree's, built now.
if [ -z "${BENCH_JARVIS:-}" ]; then swift build -c release --product jarvis >/dev/null; fi
jarvis=${BENCH_JARVIS:-.build/release/jarvis}
DATABASE_URL="$work/bench.sqlite" "$jarvis" serve --port "$OURS_PORT" --no-access-log >"$work/ours.log" 2>&1 &
pids+=($!)
ours_pid=$!
DATABASE_URL="$work/bench-log.sqlite" "$jarvis" serve --port "$OURS_LOG_PORT" >"$work/ours-access.log" 2>&1 &
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
    listen 127.0.0.1:$NGINX_PORT reuseport;
    location / { default_type application/json; return 200 '{"status":"ok"}'; }
  }
  server {
    listen 127.0.0.1:$NGINX_LOG_PORT reuseport;
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

# Prints "requests_per_second p99_milliseconds requests cpu_ticks" from one wrk round against `url`;
# cpu_ticks is the CPU time (user + system, from /proc/<pid>/stat, in clock ticks) the processes in
# the array named by $2 used during the round.
measure() {
  local url=$1 pids_name=$2 out before after rps p99 requests
  local -n pids_ref=$pids_name
  before=$(cpu_ticks "${pids_ref[@]}")
  out=$(wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --latency "$url")
  after=$(cpu_ticks "${pids_ref[@]}")
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {v=$2; if (v ~ /us$/) {sub(/us/,"",v); v=v/1000} else if (v ~ /ms$/) {sub(/ms/,"",v)} else if (v ~ /s$/) {sub(/s/,"",v); v=v*1000}; print v}' <<<"$out")
  requests=$(awk '/requests in/ {print $1}' <<<"$out")
  echo "$rps $p99 $requests $((after - before))"
}

# Clock ticks (user + system) used so far by the given processes and their threads.
cpu_ticks() {
  local total=0 pid
  for pid in "$@"; do total=$((total + $(awk '{print $14 + $15}' "/proc/$pid/stat"))); done
  echo "$total"
}

median() { printf '%s\n' "$@" | sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
ratio() { echo "$1 / $2" | bc -l; }

# Compares our server with nginx in ROUNDS pairs of short rounds with the same client settings.
# Which side goes first alternates (ours then nginx, nginx then ours, …), so a change in the
# machine's load hits both sides alike, and each pair's two rounds run back to back. Prints every
# pair and then the medians of the pairs' ratios; sets `summary` to "rps_ratio p99_ratio cpu_text",
# where cpu_text compares the CPU time per request of all rounds together (wrk's own left out).
# Usage: compare LABEL TARGET OURS_URL OURS_PIDS_ARRAY NGINX_URL
compare() {
  local label=$1 target=$2 ours_url=$3 ours_pids=$4 nginx_url=$5 round ours theirs
  local -a rps_ratios=() p99_ratios=()
  local ours_ticks=0 nginx_ticks=0 ours_requests=0 nginx_requests=0
  local o_rps o_p99 o_requests o_ticks n_rps n_p99 n_requests n_ticks order
  DURATION=1s measure "$ours_url" "$ours_pids" >/dev/null; DURATION=1s measure "$nginx_url" nginx_pids >/dev/null  # warm-up
  for ((round = 1; round <= ROUNDS; round++)); do
    if ((round % 2)); then
      order="ours first "; ours=$(measure "$ours_url" "$ours_pids"); theirs=$(measure "$nginx_url" nginx_pids)
    else
      order="nginx first"; theirs=$(measure "$nginx_url" nginx_pids); ours=$(measure "$ours_url" "$ours_pids")
    fi
    read -r o_rps o_p99 o_requests o_ticks <<<"$ours"
    read -r n_rps n_p99 n_requests n_ticks <<<"$theirs"
    rps_ratios+=("$(ratio "$o_rps" "$n_rps")")
    p99_ratios+=("$(ratio "$o_p99" "$n_p99")")
    ours_ticks=$((ours_ticks + o_ticks)); ours_requests=$((ours_requests + o_requests))
    nginx_ticks=$((nginx_ticks + n_ticks)); nginx_requests=$((nginx_requests + n_requests))
    printf '%-30s %d (%s)  ours %8.0f req/s  p99 %7.2f ms | nginx %8.0f req/s  p99 %7.2f ms | %.2f×  p99 %.2f×\n' \
      "$label" "$round" "$order" "$o_rps" "$o_p99" "$n_rps" "$n_p99" "${rps_ratios[-1]}" "${p99_ratios[-1]}"
  done
  local rps_median p99_median ours_cpu nginx_cpu all
  rps_median=$(median "${rps_ratios[@]}"); p99_median=$(median "${p99_ratios[@]}")
  all=$(printf '%.2f ' "${rps_ratios[@]}")
  ours_cpu=$(echo "$ours_ticks * 1000000 / $(getconf CLK_TCK) / $ours_requests" | bc -l)
  nginx_cpu=$(echo "$nginx_ticks * 1000000 / $(getconf CLK_TCK) / $nginx_requests" | bc -l)
  printf '%-30s median of %d: req/s %.2f× (target ≥ %s; rounds %s)  p99 %.2f× (target ≤ %s)\n' \
    "$label" "$ROUNDS" "$rps_median" "$target" "${all% }" "$p99_median" "$P99_TARGET"
  summary="$(printf '%.2f %.2f' "$rps_median" "$p99_median") $(printf '%.2f µs ours, %.2f µs nginx: %.2f×' "$ours_cpu" "$nginx_cpu" "$(ratio "$ours_cpu" "$nginx_cpu")")"
  summary_rounds=${all% }
}

nginx_pids=("$nginx_pid" $(pgrep -P "$nginx_pid"))  # the master and its workers
ours_core_pids=("$ours_pid")
ours_log_pids=("$ours_log_pid")
loops=$(grep -o '"eventLoops":[0-9]*' "$work/ours.log" | head -1 | cut -d: -f2)
echo "bench: tiny JSON GET /livez and Jarvis GET /health, $ROUNDS pairs of rounds of wrk -t2 -c$CONNECTIONS -d$DURATION per comparison, $(nproc) cores, load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "servers: nginx $((${#nginx_pids[@]} - 1)) worker processes, ours ${loops:-?} event-loop threads; both listen with SO_REUSEPORT, one socket per worker or loop; neither is pinned to a core"
compare "core (no access logs)" "$LIVEZ_TARGET" "http://127.0.0.1:$OURS_PORT/livez" ours_core_pids "http://127.0.0.1:$NGINX_PORT/livez"
read -r core_rps core_p99 _ <<<"$summary"
compare "with access logs" "$LIVEZ_TARGET" "http://127.0.0.1:$OURS_LOG_PORT/livez" ours_log_pids "http://127.0.0.1:$NGINX_LOG_PORT/livez"
read -r livez_rps livez_p99 livez_cpu <<<"$summary"
livez_rounds=$summary_rounds

seconds=${DURATION%s}
with_idle() {
  python3 bench/hold_idle_connections.py 127.0.0.1 "$1" "$IDLE" "$((seconds + 3))" /livez >"$work/idle-$1.log" &
  local holder=$!
  for _ in $(seq 300); do grep -q established "$work/idle-$1.log" 2>/dev/null && break; sleep 0.1; done
  measure "http://127.0.0.1:$1/livez" "$2"
  wait "$holder"
  sed 's/^/    /' "$work/idle-$1.log" >&2
}
ours=$(with_idle "$OURS_PORT" ours_core_pids)
theirs=$(with_idle "$NGINX_PORT" nginx_pids)
read -r o_rps o_p99 _ <<<"$ours"; read -r n_rps n_p99 _ <<<"$theirs"
printf '%-30s one round each: ours %8.0f req/s  p99 %7.2f ms | nginx %8.0f req/s  p99 %7.2f ms | %.2f×  p99 %.2f×\n' \
  "core + $IDLE idle keep-alive" "$o_rps" "$o_p99" "$n_rps" "$n_p99" "$(ratio "$o_rps" "$n_rps")" "$(ratio "$o_p99" "$n_p99")"

compare "jarvis /health (access logs)" "$HEALTH_TARGET" "http://127.0.0.1:$OURS_LOG_PORT/health" ours_log_pids "http://127.0.0.1:$NGINX_LOG_PORT/livez"
read -r health_rps health_p99 health_cpu <<<"$summary"
health_rounds=$summary_rounds

# BENCH_HTTP_ONLY=1 leaves out the ingest bench (it builds and runs its own server).
ingest="" ingest_postgres="" ingest_cpu=""
if [ -z "${BENCH_HTTP_ONLY:-}" ]; then
  echo "healthlog ingest (bench/healthlog-ingest/run.sh):"
  bench/healthlog-ingest/run.sh | tee "$work/ingest.log"
  ingest=$(awk '/^== SQLite/ {on = 1} on && /ratio=/ {print; exit}' "$work/ingest.log")
  ingest_postgres=$(awk '/^== PostgreSQL/ {on = 1} on && /ratio=/ {print; exit}' "$work/ingest.log")
  ingest_cpu=$(awk '/^== SQLite/ {on = 1} on && /^ *cpu us\/row: server/ {print; exit}' "$work/ingest.log")
fi

echo "== ratios, medians of $ROUNDS round pairs (load average at end: $(cut -d' ' -f1-3 /proc/loadavg))"
printf '/livez, access logs on:         %s× nginx req/s (target ≥ %s; rounds %s), p99 %s× (target ≤ %s)\n' "$livez_rps" "$LIVEZ_TARGET" "$livez_rounds" "$livez_p99" "$P99_TARGET"
printf 'jarvis /health, access logs on: %s× nginx req/s (target ≥ %s; rounds %s), p99 %s× (target ≤ %s)\n' "$health_rps" "$HEALTH_TARGET" "$health_rounds" "$health_p99" "$P99_TARGET"
printf '/livez, no access logs:         %s× nginx req/s, p99 %s×\n' "$core_rps" "$core_p99"
if [ -n "$ingest" ]; then printf 'healthlog ingest vs raw SQLite: %s\n' "$(sed 's/^ *//' <<<"$ingest")"; fi
if [ -n "$ingest_cpu" ]; then
  printf 'healthlog ingest vs raw SQLite, CPU per row (not the target, steadier under load): %s\n' "$(sed 's/^ *cpu us\/row: //' <<<"$ingest_cpu")"
fi
if [ -n "$ingest_postgres" ]; then printf 'healthlog ingest vs raw PostgreSQL: %s\n' "$(sed 's/^ *//' <<<"$ingest_postgres")"; fi
printf 'CPU per request (user + system), access logs on: /livez %s; /health %s\n' "$livez_cpu" "$health_cpu"
