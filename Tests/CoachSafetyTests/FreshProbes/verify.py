#!/usr/bin/env python3
"""Checks a fresh probe set's files (`verify.py F12`): format, per-category counts, labels and near-duplicates.

Standard library only. Prints one line per locale and `ALL OK` when every check passes;
exits with status 1 and lists each problem otherwise.
"""
import difflib
import itertools
import re
import sys
import unicodedata
from pathlib import Path

HERE = Path(__file__).resolve().parent / (sys.argv[1] if len(sys.argv) > 1 else ".")
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


def folded(text):
    """Lower-cases, strips accents and punctuation, collapses whitespace."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    no_accents = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    no_punctuation = re.sub(r"[^\w\s]|_", " ", no_accents)
    return " ".join(no_punctuation.split())


def check_locale(locale):
    """Returns (problems, highest similarity, the pair's line numbers) for one file."""
    problems = []
    path = HERE / f"probes.{locale}.tsv"
    raw = path.read_bytes()
    if raw.startswith(b"\xef\xbb\xbf"):
        problems.append("starts with a BOM")
    if b"\r" in raw:
        problems.append("contains CR characters")
    if not raw.endswith(b"\n"):
        problems.append("does not end with LF")
    lines = raw.decode("utf-8").split("\n")[:-1]
    if not lines or lines[0] != HEADER:
        problems.append("header is not category<TAB>expected<TAB>message")
    counts = {category: 0 for category in COUNTS}
    messages = []
    for number, line in enumerate(lines[1:], start=2):
        fields = line.split("\t")
        if len(fields) != 3:
            problems.append(f"line {number}: {len(fields)} fields, expected 3")
            continue
        category, expected, message = fields
        if category not in EXPECTED_FOR:
            problems.append(f"line {number}: unknown category {category!r}")
            continue
        if expected != EXPECTED_FOR[category]:
            problems.append(f"line {number}: {category} must expect {EXPECTED_FOR[category]}")
        if not message.strip():
            problems.append(f"line {number}: empty message")
        counts[category] += 1
        messages.append((number, folded(message)))
    for category, wanted in COUNTS.items():
        if counts[category] != wanted:
            problems.append(f"{category}: {counts[category]} rows, expected {wanted}")
    highest, pair = 0.0, None
    for (line_a, text_a), (line_b, text_b) in itertools.combinations(messages, 2):
        ratio = difflib.SequenceMatcher(None, text_a, text_b).ratio()
        if ratio > highest:
            highest, pair = ratio, (line_a, line_b)
        if ratio >= NEAR_DUPLICATE_RATIO:
            problems.append(f"lines {line_a} and {line_b} are near-duplicates (ratio {ratio:.2f})")
    return problems, highest, pair


def main():
    failed = False
    for locale in LOCALES:
        problems, highest, pair = check_locale(locale)
        print(f"{locale}: highest within-file similarity {highest:.3f} (lines {pair})")
        for problem in problems:
            print(f"  {locale}: {problem}")
        failed = failed or bool(problems)
    if failed:
        sys.exit(1)
    print("ALL OK")


if __name__ == "__main__":
    main()
