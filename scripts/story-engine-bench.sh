#!/usr/bin/env bash
# `make scale-bench`: the story engine alone (no database, no HTTP) fed 10k and then 100k
# synthetic-but-realistic articles; prints articles/s and peak memory per size and the cost
# ratio (targets: ≥ 100 articles/s, 100k costs ≤ 8× the 10k run, peak < 300 MB). See docs/jarvis/story-engine.md.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --package-path Tools -c release --product StoryEngineBench >/dev/null
"$(swift build --package-path Tools -c release --show-bin-path)/StoryEngineBench" "$@"
