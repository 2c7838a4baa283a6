#!/usr/bin/env bash
# Conformance of FeedParsing against Python feedparser's own test suite.
# Downloads feedparser's source distribution from PyPI (pip download: nothing is installed),
# translates each test document's `Expect:` assertions into JSON
# (Tests/Clients/feedparser/translate_expectations.py), then runs the XCTest harness
# (FeedparserConformanceTests) over it, which prints pass rates by group.
# Usage: scripts/feed-conformance.sh     PACKAGE_DIR: package to test (default: this repo)
#        FEEDPARSER_MIN_RATE: fail below this well-formed pass rate (default 0.95)
#        FEEDPARSER_REPORT: also write every failed assertion to this file
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
package="${PACKAGE_DIR:-$repo}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 -m pip download -q --disable-pip-version-check --no-deps --no-binary :all: feedparser -d "$work" >/dev/null
tar -xzf "$work"/feedparser-*.tar.gz -C "$work"
tests=$(echo "$work"/feedparser-*/tests)
echo "feedparser suite: $(basename "$(dirname "$tests")")"
python3 "$repo/Tests/Clients/feedparser/translate_expectations.py" "$tests" "$work/cases.json"

FEEDPARSER_CASES="$work/cases.json" FEEDPARSER_MIN_RATE="${FEEDPARSER_MIN_RATE:-0.95}" \
  swift test --package-path "$package" --filter FeedparserConformanceTests 2>&1 \
  | grep -v -E "^(Test Case|Test Suite|\[[0-9]+/[0-9]+\]|Building|Build complete|Compiling|Linking|Write|◇|↳)" \
  | grep -v -E "^\s*$"
