#!/usr/bin/env bash
# Speed of FeedParsing against Python's feedparser, on the same documents, in one run:
#   1. large generated news feeds (make_corpus.py: RSS 2.0, Atom 1.0, RSS 1.0 in Latin-1), and
#   2. feedparser's own well-formed RSS/Atom/RDF test documents (many tiny feeds).
# Prints each parser's figures and the speed ratio per corpus. feedparser is installed into a
# throw-away directory (pip --target); nothing is installed system-wide.
# Usage: bench/feeds/run.sh [ITERATIONS]   (PACKAGE_DIR: repository to build, default: this one;
# FeedBench belongs to its tools package, PACKAGE_DIR/Tools)
# The tiny documents are run ten times as many iterations, so both timings last long enough
# to measure on a shared machine.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
package="${PACKAGE_DIR:-$(cd "$here/../.." && pwd)}"
iterations="${1:-5}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 -m pip install -q --disable-pip-version-check --root-user-action=ignore --target "$work/site" feedparser
python3 -m pip download -q --disable-pip-version-check --no-deps --no-binary :all: feedparser -d "$work/sdist"
tar -xzf "$work"/sdist/feedparser-*.tar.gz -C "$work/sdist"
suite=$(echo "$work"/sdist/feedparser-*/tests/wellformed)
python3 "$here/make_corpus.py" "$work/corpus"

swift build -c release --product FeedBench --package-path "$package/Tools" >/dev/null
bench="$(swift build -c release --package-path "$package/Tools" --show-bin-path)/FeedBench"

field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p"; }

compare() {
  local label=$1 rounds=$2
  shift 2
  local ours theirs
  ours=$("$bench" --iterations "$rounds" "$@")
  theirs=$(PYTHONPATH="$work/site" python3 "$here/feedparser_bench.py" --iterations "$rounds" "$@")
  echo "== $label"
  echo "   $ours"
  echo "   $theirs"
  local ratio
  ratio=$(python3 -c "print('%.1f' % (float('$(echo "$theirs" | field seconds)') / float('$(echo "$ours" | field seconds)')))")
  echo "   FeedParsing is ${ratio}x faster than feedparser"
}

compare "generated news feeds ($(ls "$work/corpus" | wc -l) files)" "$iterations" "$work"/corpus/*.xml
compare "feedparser well-formed rss/atom/atom10/rdf documents" "$((iterations * 10))" \
  "$suite"/rss/*.xml "$suite"/atom/*.xml "$suite"/atom10/*.xml "$suite"/rdf/*.xml
