#!/usr/bin/env bash
# Rewrites the accepted story cards of the story-engine golden set (Tests/StoryEngineGolden) from
# what the engine gives now, then shows what changed: accepting a case, or re-accepting after a
# change to the engine, is reading that diff (docs/jarvis/story-engine.md, "Golden set").
# `./scripts/golden-accept.sh NAME` rewrites one case. Cases marked open keep their hand-written cards.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests -Xswiftc -warnings-as-errors
GOLDEN_ACCEPT=1 GOLDEN_CASE="${1:-}" swift test --skip-build --filter StoryEngineGoldenTests 2>&1 | grep -E "^golden|error|failed" || true
git status --short Tests/StoryEngineGolden
git diff --stat Tests/StoryEngineGolden
