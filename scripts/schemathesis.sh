#!/usr/bin/env bash
# Property-based API testing of a service with schemathesis (PyPI) against a live server built
# from this tree: every phase (examples, coverage, fuzzing, stateful) and every check. No response
# may be a 5xx or contradict the service's OpenAPI document (status codes, content types, headers,
# schemas), schema-valid requests must be accepted and requests that break the schema refused.
#
#   scripts/schemathesis.sh SERVICE [extra st run options, e.g. --max-examples 200 --seed N]
#
# SERVICE is `healthlog` (docs/api/openapi.yaml) or `jarvis` (docs/api/jarvis-openapi.yaml). Each
# service has a `prepare_SERVICE` function below: it starts the server over a fresh database,
# creates what the run uses and writes the run's configuration; another service is added by
# writing one. scripts/test.sh runs it for both after the OpenAPI drift gate.
#
# schemathesis is installed, pinned to SCHEMATHESIS_VERSION, into a virtual environment under
# .build/ that the script creates; ST=/path/to/st uses another. HEALTHLOG_BIN / JARVIS_BIN
# override the executables. Exit status: schemathesis's, or 1 when the server logged an error
# during the run.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/scripts/lib/healthlog-server.sh"

SCHEMATHESIS_VERSION="4.32.5"
# Examples per operation and phase: 60 for HealthLog's 58 operations (about two and a half
# minutes on the debug build), 200 for Jarvis's 9 (one to two minutes, after about as long
# reading stories to test with). The run is stopped, and fails, at TIME_LIMIT seconds (the test
# command's budget for it).
TIME_LIMIT="${SCHEMATHESIS_TIME_LIMIT:-300}"

service="${1:-}"
case "$service" in
    healthlog) bin="${HEALTHLOG_BIN:-}" MAX_EXAMPLES="${SCHEMATHESIS_MAX_EXAMPLES:-60}" ;;
    jarvis) bin="${JARVIS_BIN:-}" MAX_EXAMPLES="${SCHEMATHESIS_MAX_EXAMPLES:-200}" ;;
    *) echo "usage: scripts/schemathesis.sh healthlog|jarvis [st run options]" >&2; exit 2 ;;
esac
shift

if [[ -n "${ST:-}" ]]; then
    st="$ST"
else
    venv="$root/.build/schemathesis-venv"
    st="$venv/bin/st"
    if [[ "$("$st" --version 2>/dev/null || true)" != *" $SCHEMATHESIS_VERSION" ]]; then
        echo "schemathesis: installing $SCHEMATHESIS_VERSION into $venv" >&2
        python3 -m venv "$venv"
        "$venv/bin/python" -m pip install -q --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
    fi
fi

if [[ -z "$bin" ]]; then
    (cd "$root" && swift build --product "$service" >&2)
    bin="$(cd "$root" && swift build --show-bin-path)/$service"
fi
work="$(mktemp -d)"
server_pid=""
cleanup() {
    if [[ -n "$server_pid" ]]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

# Signs `email` in as the iOS app and prints the bearer access token.
healthlog_token() {
    curl -sf -A 'HealthLog-iOS/schemathesis' -H 'Content-Type: application/json' \
        --data-binary "{\"email\":\"$1\",\"password\":\"$2\"}" "$base/api/auth/login" |
        python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["accessToken"])'
}

prepare_healthlog() {
    # SCHEMATHESIS_DATABASE_URL runs against another empty database (e.g. a PostgreSQL schema from
    # scripts/with-postgres.sh); never point it at real data: the run creates accounts and flips flags.
    export DATABASE_URL="${SCHEMATHESIS_DATABASE_URL:-$work/healthlog.sqlite}" HEALTHLOG_PASSWORD_HASH_COST=minimal
    # Withings configured, so its linking routes answer as in production instead of 503
    # withings.not_configured; its API is a closed local port, which no schema-valid request
    # reaches (a callback's state is never one the server issued).
    export WITHINGS_CLIENT_ID=schemathesis WITHINGS_CLIENT_SECRET=schemathesis \
        WITHINGS_CALLBACK_URL=http://127.0.0.1/api/withings/callback WITHINGS_API_BASE=http://127.0.0.1:9 \
        WITHINGS_WEBHOOK_SECRET="$(python3 -c 'import secrets; print(secrets.token_hex(16))')" \
        WITHINGS_TOKEN_KEY="$(python3 -c 'import secrets; print(secrets.token_hex(32))')"
    local password="schemathesis-password-1"
    # The run's own admin account, and one whose every request to a logout route signs in afresh
    # (scripts/lib/schemathesis_hooks.py): logging out revokes the credentials it was sent with,
    # and logout-all every session of the account, so those routes never use the main token.
    # Those sign-ins come through loopback as a trusted proxy, each from its own forwarded
    # address: the run's own wrong guesses at /api/auth/login spend the loopback address's
    # login budget, which the throttle must keep refusing (429) and the sign-ins must not need.
    export HEALTHLOG_TRUSTED_PROXIES=127.0.0.1
    "$bin" user create --email schemathesis@example.com --password "$password" --admin >/dev/null
    "$bin" user create --email schemathesis-logout@example.com --password "$password" >/dev/null
    start_healthlog "$bin" "$work"
    base="http://127.0.0.1:$port"
    export SCHEMATHESIS_BASE="$base" SCHEMATHESIS_TOKEN="$(healthlog_token schemathesis@example.com "$password")" \
        SCHEMATHESIS_LOGOUT_EMAIL=schemathesis-logout@example.com SCHEMATHESIS_LOGOUT_PASSWORD="$password"
    # Every assistant surface on, so the gated routes are exercised (the run may switch them off again).
    curl -sf -X PUT -A 'HealthLog-iOS/schemathesis' -H "Authorization: Bearer $SCHEMATHESIS_TOKEN" -H 'Content-Type: application/json' \
        --data-binary '{"enabled":true,"coach":true,"briefing":true,"insightStatus":true,"correlations":true,"healthScoreExplainer":true}' \
        "$base/api/admin/settings/assistant-flags" >/dev/null
    document="$base/api/openapi.yaml"
    user_agent="HealthLog-iOS/schemathesis"

    # The coverage phase sends every operation the methods it does not declare and expects 405
    # (the unsupported_method check). Its default list includes QUERY, which this server answers
    # with 501 http.method_not_implemented: the core HTTP parser does not recognise that method,
    # and RFC 9110 §9.1 makes 501 the answer to an unrecognised method. That is correct HTTP and
    # stays, but schemathesis counts every 5xx as a server error (ST101). So QUERY alone is left
    # out of the list; GET, PUT, POST, DELETE, OPTIONS, PATCH and TRACE are still checked for 405
    # everywhere, and any other 5xx still fails the run.
    #
    # A PATCH of a synced row without its required If-Match header is answered 428 Precondition
    # Required (RFC 6585 §3, the status made for exactly this), which the missing_required_header
    # check does not list by default: 428 is added to what it accepts.
    #
    # The operations below enforce rules that OpenAPI cannot state: rules joining two fields or a
    # field and the server's state. Each is written in the operation's document (its description
    # or the field's) with the status it answers, and only for these operations does that
    # documented 4xx count as an accepted answer to a schema-valid request; every other check
    # still applies to them, and every other operation must accept what its schema allows.
    # - batch and bulk routes: an Idempotency-Key reused with a different body (422
    #   idempotency.key_reused); the generator reuses keys across bodies.
    # - password change: the account's password rules and the current password (422, 403; 429
    #   once the login throttle counts enough wrong guesses).
    # - day-range reads: `to` not before `from`, at most N days after it (422).
    # - medications: stopDate not before startDate, a name that reads as an instruction to an
    #   assistant, a brand of the chosen drug, details kept on a glp1 medication (422).
    # - the daily briefing: a date not after the user's today (422).
    # - backup import: a time zone the server knows (422).
    # - the Withings callback: a state this server issued and has not yet redeemed (400).
    #
    # The backup import body nests dozens of bounded strings; generating it trips Hypothesis's
    # filter_too_much health check (a generation limit, not a finding), which is suppressed.
    cat >"$work/schemathesis.toml" <<'TOML'
suppress-health-check = ["filter_too_much"]

[phases.coverage]
unexpected-methods = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "PATCH", "TRACE"]

[checks.missing_required_header]
expected-statuses = ["400", "401", "403", "406", "415", "422", "428"]

[[operations]]
include-path-regex = "^/api/(measurements/batch|workouts/batch|mood-entries/bulk|medications/intake/bulk)$"
checks.positive_data_acceptance.expected-statuses = ["2XX", "401", "403", "404", "409", "422", "429"]

[[operations]]
include-path-regex = "^/api/auth/me/password$"
checks.positive_data_acceptance.expected-statuses = ["2XX", "401", "403", "422", "429"]

[[operations]]
include-path-regex = '^/api/(measurements|measurements/daily|medications|medications/\{id\}|medications/\{id\}/(research-chart|glp1)|insights/generate|backup/import)$'
checks.positive_data_acceptance.expected-statuses = ["2XX", "401", "403", "404", "409", "422", "429"]

[[operations]]
include-path-regex = "^/api/withings/callback$"
checks.positive_data_acceptance.expected-statuses = ["2XX", "400", "401", "403", "404", "409", "429"]
TOML
}

# GET PATH from the Jarvis at `base` with the run's token.
jarvis_get() {
    curl -sf -H "Authorization: Bearer $JARVIS_API_TOKEN" "$base$1"
}

# Stories to read: `jarvis demo` fetches the bundled fictional newsroom, which it serves on
# loopback inside its own process, into the run's database until GET /stories lists stories,
# then stops. Sets `story_ids` and `article_ids` (TOML lists) for the run's dictionaries.
seed_jarvis_stories() {
    "$bin" demo --port 0 --no-access-log >"$work/demo.log" 2>&1 &
    server_pid=$!
    port=""
    for _ in $(seq 1 100); do
        port="$(grep -o '"port":[0-9]*' "$work/demo.log" | head -1 | cut -d: -f2 || true)"
        [[ -n "$port" ]] && break
        sleep 0.1
    done
    base="http://127.0.0.1:$port"
    local listed=0 deadline=$((SECONDS + 300))
    while ((SECONDS < deadline)); do
        listed="$(jarvis_get '/stories?limit=1' | python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])' 2>/dev/null || echo 0)"
        [[ "$listed" -gt 0 ]] && break
        sleep 0.5
    done
    if [[ "$listed" == 0 ]]; then
        echo "jarvis demo listed no story within five minutes:" >&2
        cat "$work/demo.log" >&2
        return 1
    fi
    story_ids="$(jarvis_get '/stories?limit=100' | python3 -c 'import json,sys; print(json.dumps([s["id"] for s in json.load(sys.stdin)["data"]]))')"
    article_ids="$(for id in $(python3 -c 'import json,sys; print(" ".join(json.loads(sys.argv[1])[:5]))' "$story_ids"); do
        jarvis_get "/stories/$id"; echo; done | python3 -c 'import json,sys; print(json.dumps([e["articleId"] for line in sys.stdin if line.strip() for e in json.loads(line)["timeline"]]))')"
    kill "$server_pid"
    wait "$server_pid" || true
    server_pid=""
}

prepare_jarvis() {
    export DATABASE_URL="${SCHEMATHESIS_DATABASE_URL:-$work/jarvis.sqlite}"
    # The token a deployment reachable from a phone sets; every request of the run carries it.
    export JARVIS_API_TOKEN="$(python3 -c 'import secrets; print(secrets.token_hex(16))')"
    seed_jarvis_stories
    # Feed fetching off (JARVIS_FEED_FETCHING, an operator setting): the feeds the run subscribes
    # to, public names included, are validated and stored as in production, but this server never
    # fetches one nor looks its host name up; an address the URL spells is still judged.
    export JARVIS_FEED_FETCHING=off
    # Every network allowed (JARVIS_FEED_ALLOW_NETWORKS): a generated URL whose host spells an
    # internal address (`http://0/`, `http://10.1/`) is then stored like any other instead of
    # refused with 422 feed.internal_address, a refusal that depends on the operator's setting
    # and that FeedSafetyTests covers; so no 4xx of POST /feeds is excused below, and its schema
    # must state every other refusal. Nothing is fetched either way.
    export JARVIS_FEED_ALLOW_NETWORKS="0.0.0.0/0,::/0"
    start_healthlog "$bin" "$work"
    base="http://127.0.0.1:$port"
    export SCHEMATHESIS_BASE="$base" SCHEMATHESIS_TOKEN="$JARVIS_API_TOKEN"
    document="$base/openapi.yaml"
    user_agent="Jarvis-iOS/schemathesis"
    # QUERY is left out of the unexpected-method probes, as for HealthLog (501 is its answer).
    #
    # Two operations answer a schema-valid request with a documented 4xx that no schema can
    # state, and only there is it accepted:
    # - GET /stories: `after` must be a cursor this server issued for a listing still kept
    #   (400 stories.invalid_cursor, stories.cursor_expired, stories.cursor_mismatch).
    # - GET /ws: a WebSocket handshake, which an HTTP client does not make; a plain GET is
    #   answered with the handshake's documented 400 or 426 (the WebSocket itself is tested in
    #   LiveUpdatesTests).
    #
    # POST /feeds refuses a body over 16 KiB with its documented 413 before reading it; the
    # largest body its schema allows (2,048 + 200 characters, each escaped) is under that, so
    # only a schema-violating body meets it, and 413 counts as refusing one.
    #
    # Half the ids GET /stories/{id} and GET /articles/{id} are sent are the seeded stories' and
    # their articles', so their 200 answers are checked too; the other half are generated.
    cat >"$work/schemathesis.toml" <<TOML
[dictionaries.stories]
values = $story_ids

[dictionaries.articles]
values = $article_ids

[[operations]]
include-path = "/stories/{id}"
parameters = { "path.id" = { dictionary = "stories", probability = 0.5 } }

[[operations]]
include-path = "/articles/{id}"
parameters = { "path.id" = { dictionary = "articles", probability = 0.5 } }

[phases.coverage]
unexpected-methods = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "PATCH", "TRACE"]

[checks.negative_data_rejection]
expected-statuses = ["400", "401", "403", "404", "405", "406", "409", "413", "415", "422", "428", "429"]

[[operations]]
include-path-regex = "^/stories$"
checks.positive_data_acceptance.expected-statuses = ["2XX", "400", "401", "403", "404", "409", "429"]

[[operations]]
include-path-regex = "^/ws$"
checks.positive_data_acceptance.expected-statuses = ["2XX", "400", "401", "403", "404", "426"]
TOML
}

"prepare_$service"
set +e
SCHEMATHESIS_HOOKS=schemathesis_hooks PYTHONPATH="$root/scripts/lib${PYTHONPATH:+:$PYTHONPATH}" \
    timeout "$TIME_LIMIT" "$st" --config-file "$work/schemathesis.toml" run "$document" --url "$base" --checks all \
    --max-examples "$MAX_EXAMPLES" -H "User-Agent: $user_agent" "$@"
status=$?
set -e
if [[ "$status" == 124 ]]; then echo "schemathesis: stopped after $TIME_LIMIT s (SCHEMATHESIS_TIME_LIMIT)" >&2; fi
if grep -q '"level":"error"' "$work/server.log"; then
    echo "server logged errors during the run:" >&2
    grep '"level":"error"' "$work/server.log" >&2
    status=1
fi
exit "$status"
