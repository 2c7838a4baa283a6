#!/usr/bin/env bash
# `make eval`: the story engine's quality on the labeled data in ../shared/data, each figure on
# the held-out half of a fixed split (docs/jarvis/story-engine.md says which and how):
#   clustering  B-cubed precision/recall/F1, next to a plain TF-IDF single-pass baseline;
#   summaries   ROUGE-1/2/L against AllSides' neutral roundups, next to LexRank;
#   topics      accuracy, per-class P/R/F1, macro-F1 and the confusion matrix; then the desk measures on
#               the cross-domain evaluation set (never trained or tuned on) beside the held-out halves;
#   golden set  the replay of Tests/StoryEngineGolden (StoryEngineGoldenTests, debug build): how many
#               accepted cases give their accepted cards, and which expected-open cases are still open.
# Pass --data DIR when the data lives elsewhere. The tools belong to Tools/Package.swift and run from
# the repository root, where ../shared/data is.
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in ClusteringEval SummaryEval TopicEval; do
  swift build --package-path Tools -c release --product "$tool" >/dev/null
done
bin="$(swift build --package-path Tools -c release --show-bin-path)"
for tool in ClusteringEval SummaryEval TopicEval; do
  echo "== $tool"
  "$bin/$tool" "$@"
  echo
done

echo "== golden set (Tests/StoryEngineGolden)"
swift build --build-tests -Xswiftc -warnings-as-errors >/dev/null
swift test --skip-build --filter StoryEngineGoldenTests 2>&1 | grep -E "^(golden:|golden open|golden OPEN|golden known|    [-+~] )" || true
