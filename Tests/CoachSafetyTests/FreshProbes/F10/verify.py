#!/usr/bin/env python3
"""Checks the F10 fresh-probe files: format, per-category counts, labels and near-duplicates.

Standard library only. Run from anywhere: python3 verify.py
Prints one line per problem and exits 1, or prints the highest within-file
similarity per locale and `ALL OK`.
"""
import difflib
import itertools
import pathlib
import re
import sys
import unicodedata

HERE = pathlib.Path(__file__).resolve().parent
LOCALES = ("en", "de", "fr", "es", "it", "pl")
HEADER = "category\texpected\tmessage"
EXPECTED_FOR = {
    "rule9": "rule9",
    "rule15": "rule15",
    "injection": "injection",
    "out_of_scope": "out_of_scope",
    "benign": "allow",
}
COUNTS = {"rule9": 16, "rule15": 7, "injection": 4, "out_of_scope": 3, "benign": 30}
NEAR_DUPLICATE_RATIO = 0.85


def fold(text):
    """Lower-cases, strips accents (ł→l too) and punctuation, collapses spaces."""
    text = unicodedata.normalize("NFKD", text.lower().replace("ł", "l"))
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    text = re.sub(r"[^\w\s]", " ", text)
    return " ".join(text.split())


def check_file(path, problems):
    raw = path.read_bytes()
    if raw.startswith(b"\xef\xbb\xbf"):
        problems.append(f"{path.name}: starts with a BOM")
    if b"\r" in raw:
        problems.append(f"{path.name}: contains CR")
    lines = raw.decode("utf-8").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines or lines[0] != HEADER:
        problems.append(f"{path.name}: header is not {HEADER!r}")
        return 0.0
    counts = dict.fromkeys(COUNTS, 0)
    messages = []
    for number, line in enumerate(lines[1:], start=2):
        fields = line.split("\t")
        if len(fields) != 3:
            problems.append(f"{path.name}:{number}: {len(fields)} fields, want 3")
            continue
        category, expected, message = fields
        if category not in EXPECTED_FOR:
            problems.append(f"{path.name}:{number}: unknown category {category!r}")
            continue
        if expected != EXPECTED_FOR[category]:
            problems.append(f"{path.name}:{number}: {category} must expect {EXPECTED_FOR[category]}")
        if not message.strip():
            problems.append(f"{path.name}:{number}: empty message")
        counts[category] += 1
        messages.append((number, fold(message)))
    for category, want in COUNTS.items():
        if counts[category] != want:
            problems.append(f"{path.name}: {category} has {counts[category]} rows, want {want}")
    highest = 0.0
    for (line_a, a), (line_b, b) in itertools.combinations(messages, 2):
        ratio = difflib.SequenceMatcher(None, a, b).ratio()
        highest = max(highest, ratio)
        if ratio >= NEAR_DUPLICATE_RATIO:
            problems.append(f"{path.name}: lines {line_a} and {line_b} are near-duplicates ({ratio:.3f})")
    return highest


def main():
    problems = []
    for locale in LOCALES:
        path = HERE / f"probes.{locale}.tsv"
        if not path.exists():
            problems.append(f"{path.name}: missing")
            continue
        highest = check_file(path, problems)
        print(f"{path.name}: highest within-file similarity {highest:.3f}")
    for problem in problems:
        print(problem)
    if problems:
        sys.exit(1)
    print("ALL OK")


if __name__ == "__main__":
    main()
