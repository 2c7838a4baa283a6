#!/usr/bin/env bash
# Builds the libFuzzer targets (release, -sanitize=fuzzer) and runs each for FUZZ_SECONDS
# (default 30) on a copy of its seed corpus. A crash, or an input running over 60 s, fails the
# script and leaves the input in Tools/Fuzz/artifacts/<target>/. Usage: scripts/fuzz.sh [TARGET...]
# The targets belong to the tools package (Tools/Package.swift); their build lives in Tools/.build/fuzz.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${FUZZ_SECONDS:-30}"
targets=("$@")
[ "${#targets[@]}" -gt 0 ] || targets=(HTTPParser WebSocketFrames FeedParser StoryComposition HealthLogRequests)

for target in "${targets[@]}"; do
  swift build --package-path Tools -c release --sanitize=fuzzer -Xswiftc -DFUZZING --product "Fuzz$target" \
    --scratch-path Tools/.build/fuzz >/dev/null
done
for target in "${targets[@]}"; do
  corpus=$(mktemp -d)
  # Scratch space of the run (FuzzHealthLogRequests keeps its server's database there).
  scratch=$(mktemp -d)
  cp "Tools/Fuzz/$target/corpus/"* "$corpus/"
  mkdir -p "Tools/Fuzz/artifacts/$target"
  echo "fuzz: $target for ${seconds}s"
  status=0
  TMPDIR="$scratch" SWIFT_BACKTRACE=enable=no "Tools/.build/fuzz/release/Fuzz$target" -max_total_time="$seconds" -timeout=60 \
    -artifact_prefix="Tools/Fuzz/artifacts/$target/" -print_final_stats=1 "$corpus" >"$corpus.log" 2>&1 || status=$?
  grep -E "^(stat::number_of_executed_units|SUMMARY)|Precondition failed|Fatal error|==[0-9]+== ERROR" "$corpus.log" || true
  rm -rf "$corpus" "$corpus.log" "$scratch"
  if [ "$status" -ne 0 ]; then
    echo "fuzz: $target FAILED (exit $status); the input is in Tools/Fuzz/artifacts/$target/" >&2
    exit "$status"
  fi
done
