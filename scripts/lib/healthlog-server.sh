# Sourced by the scripts that run a throwaway `healthlog serve` (schemathesis, the Coach bench and
# smoke run, the soak). `start_healthlog BIN WORKDIR` starts it on a free loopback port with the
# caller's environment (DATABASE_URL, …), logging to WORKDIR/server.log, and sets `server_pid` and
# `port`; it fails, printing the log, when no port is announced within ten seconds. BIN may be
# `jarvis` too: both servers announce their port the same way.
start_healthlog() {
    local bin="$1" work="$2"
    "$bin" serve --port 0 --no-access-log >"$work/server.log" 2>&1 &
    server_pid=$!
    port=""
    for _ in $(seq 1 100); do
        port="$(grep -o '"port":[0-9]*' "$work/server.log" | head -1 | cut -d: -f2 || true)"
        [[ -n "$port" ]] && return 0
        sleep 0.1
    done
    echo "server did not start:" >&2
    cat "$work/server.log" >&2
    return 1
}
