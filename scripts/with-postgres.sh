#!/usr/bin/env bash
# Usage: scripts/with-postgres.sh CMD [ARGS...]
#
# Starts a throwaway PostgreSQL 15 cluster on a free loopback port, runs CMD with
# TEST_POSTGRES_URL pointing at it, then stops the server and deletes the cluster, whether
# CMD succeeded, failed or was interrupted. Exits with CMD's exit status.
#
# PostgreSQL refuses to run as root, so when invoked as root the server tools run as the
# `postgres` system user inside a temporary directory that user owns; any other user runs
# them directly. CMD itself always runs as the invoking user, in the invoking directory.
#
# TEST_POSTGRES_CTL names a script that stops or starts this cluster (`"$TEST_POSTGRES_CTL" stop`,
# then `start`), so a test can restart PostgreSQL under running servers; the port stays the same.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $(basename "$0") CMD [ARGS...]" >&2
  exit 2
fi

PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
if [ ! -x "$PG_BIN/initdb" ] || [ ! -x "$PG_BIN/pg_ctl" ]; then
  echo "with-postgres: PostgreSQL 15 server tools not found in $PG_BIN (run scripts/install-deps.sh)" >&2
  exit 1
fi

workdir="$(mktemp -d "${TMPDIR:-/tmp}/with-postgres.XXXXXX")"
server_started=0

if [ "$(id -u)" -eq 0 ]; then
  chown postgres: "$workdir"
  run_as_owner="runuser -u postgres --"
else
  run_as_owner=""
fi
# `cd` first: the server tools warn or fail when the caller's cwd is unreadable to them.
as_cluster_owner() { (cd "$workdir" && $run_as_owner "$@"); }

cleanup() {
  local status=$?
  trap - EXIT INT TERM
  if [ "$server_started" -eq 1 ]; then
    as_cluster_owner "$PG_BIN/pg_ctl" -D "$workdir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$workdir"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# A port nobody answers on. The probe and the server's bind can still race with another
# process; in that case the start fails loudly below and the log says why.
pick_free_port() {
  local attempt port
  for attempt in $(seq 1 50); do
    port=$((20000 + RANDOM % 40000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "$port"
      return 0
    fi
  done
  echo "with-postgres: no free port found" >&2
  return 1
}
port="$(pick_free_port)"

as_cluster_owner "$PG_BIN/initdb" -D "$workdir/data" -A trust -U postgres -E UTF8 \
  --no-sync >"$workdir/initdb.log" 2>&1 || {
  echo "with-postgres: initdb failed:" >&2
  cat "$workdir/initdb.log" >&2
  exit 1
}

# Durability settings are off: the cluster is deleted when CMD ends, and tests run faster.
server_options="-p $port -k $workdir -c listen_addresses=127.0.0.1 -c fsync=off"
server_options+=" -c synchronous_commit=off -c full_page_writes=off"
server_started=1
if ! as_cluster_owner "$PG_BIN/pg_ctl" -D "$workdir/data" -o "$server_options" \
  -l "$workdir/server.log" -w -t 60 start >/dev/null; then
  echo "with-postgres: PostgreSQL failed to start; server log follows:" >&2
  cat "$workdir/server.log" >&2 || true
  exit 1
fi

cat >"$workdir/ctl" <<EOF
#!/usr/bin/env bash
# Stops (fast: sessions are ended) or starts again this throwaway cluster.
set -euo pipefail
cd "$workdir"
case "\${1:-}" in
  stop) exec $run_as_owner "$PG_BIN/pg_ctl" -D "$workdir/data" -m fast -w stop ;;
  start) exec $run_as_owner "$PG_BIN/pg_ctl" -D "$workdir/data" -o "$server_options" -l "$workdir/server.log" -w -t 60 start ;;
  *) echo "usage: \$0 stop|start" >&2; exit 2 ;;
esac
EOF
chmod +x "$workdir/ctl"
export TEST_POSTGRES_CTL="$workdir/ctl"
export TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$port/postgres"
echo "with-postgres: PostgreSQL 15 ready at $TEST_POSTGRES_URL" >&2
"$@"
