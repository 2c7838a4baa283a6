#!/usr/bin/env python3
"""Checks the F11 probe files: format, per-category counts, labels and near-duplicates.

Standard library only. Run from anywhere: python3 verify.py
Prints one summary line per locale and `ALL OK` when every check passes; exits 1 otherwise.
"""
import difflib
import itertools
import pathlib
import sys
import unicodedata

HERE = pathlib.Path(__file__).resolve().parent
LOCALES = ["en", "de", "fr", "es", "it", "pl"]
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
    """Lower-case, strip accents (incl. Polish ł), replace punctuation with spaces, collapse spaces."""
    text = text.lower().replace("ł", "l").replace("ß", "ss")
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    text = "".join(c if c.isalnum() else " " for c in text)
    return " ".join(text.split())


def check_locale(locale, errors):
    path = HERE / f"probes.{locale}.tsv"
    if not path.exists():
        errors.append(f"{locale}: missing {path.name}")
        return 0.0
    raw = path.read_bytes()
    if raw.startswith(b"\xef\xbb\xbf"):
        errors.append(f"{locale}: has a BOM")
    if b"\r" in raw:
        errors.append(f"{locale}: contains CR")
    if not raw.endswith(b"\n"):
        errors.append(f"{locale}: no final LF")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        errors.append(f"{locale}: not UTF-8 ({exc})")
        return 0.0
    lines = text.split("\n")[:-1]
    if not lines or lines[0] != HEADER:
        errors.append(f"{locale}: bad header {lines[:1]!r}")
    counts = {category: 0 for category in COUNTS}
    messages = []
    for number, line in enumerate(lines[1:], start=2):
        fields = line.split("\t")
        if len(fields) != 3:
            errors.append(f"{locale}:{number}: {len(fields)} fields, want 3")
            continue
        category, expected, message = fields
        if category not in EXPECTED_FOR:
            errors.append(f"{locale}:{number}: unknown category {category!r}")
            continue
        if expected != EXPECTED_FOR[category]:
            errors.append(f"{locale}:{number}: {category} must expect {EXPECTED_FOR[category]}, got {expected!r}")
        if not message.strip():
            errors.append(f"{locale}:{number}: empty message")
        counts[category] += 1
        messages.append((number, fold(message)))
    for category, want in COUNTS.items():
        if counts[category] != want:
            errors.append(f"{locale}: {category} has {counts[category]} rows, want {want}")
    highest = 0.0
    for (line_a, a), (line_b, b) in itertools.combinations(messages, 2):
        ratio = difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()
        highest = max(highest, ratio)
        if ratio >= NEAR_DUPLICATE_RATIO:
            errors.append(f"{locale}: lines {line_a} and {line_b} are near-duplicates (ratio {ratio:.3f})")
    print(f"{locale}: {len(messages)} rows {counts} highest similarity {highest:.3f}")
    return highest


def main():
    errors = []
    highest = max(check_locale(locale, errors) for locale in LOCALES)
    print(f"highest within-file similarity: {highest:.3f}")
    if errors:
        print("\n".join(errors))
        return 1
    print("ALL OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
