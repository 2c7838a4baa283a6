#!/usr/bin/env python3
"""Python feedparser's side of bench/feeds/run.sh: same files, same loop, same output line."""
import sys
import time

import feedparser


def main():
    args = sys.argv[1:]
    iterations = 5
    if args[:1] == ["--iterations"]:
        iterations, args = int(args[1]), args[2:]
    documents = [open(path, "rb").read() for path in args]
    entries = 0
    for document in documents:  # untimed warm-up pass, as FeedBench does
        feedparser.parse(document)
    started = time.perf_counter()
    for _ in range(iterations):
        for document in documents:
            entries += len(feedparser.parse(document).entries)
    seconds = time.perf_counter() - started
    total = sum(len(d) for d in documents)
    print("parser=feedparser-%s documents=%d iterations=%d bytes=%d entries=%d rejected=0 seconds=%.4f "
          "docs_per_second=%.1f mb_per_second=%.2f" % (
              feedparser.__version__, len(documents), iterations, total, entries // iterations, seconds,
              len(documents) * iterations / seconds, total * iterations / seconds / 1048576))


if __name__ == "__main__":
    main()
