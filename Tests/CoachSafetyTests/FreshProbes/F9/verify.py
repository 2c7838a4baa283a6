#!/usr/bin/env python3
"""Structural check of the F9 probe files (stdlib only). Prints ALL OK or the problems found."""
import difflib
import os
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
LOCALES = ["en", "de", "fr", "es", "it", "pl"]
HEADER = "category\texpected\tmessage"
COUNTS = {"rule9": 16, "rule15": 7, "injection": 4, "out_of_scope": 3, "benign": 30}
EXPECTED = {"rule9": "rule9", "rule15": "rule15", "injection": "injection",
            "out_of_scope": "out_of_scope", "benign": "allow"}
TOTAL = sum(COUNTS.values())
NEAR_DUP = 0.85


def fold(text):
    """Lower-case, strip accents and punctuation, collapse whitespace."""
    decomposed = unicodedata.normalize("NFKD", text.lower().replace("ł", "l"))
    kept = []
    for ch in decomposed:
        if unicodedata.combining(ch):
            continue
        kept.append(ch if ch.isalnum() else " ")
    return " ".join("".join(kept).split())


def check(locale):
    problems = []
    path = os.path.join(HERE, f"probes.{locale}.tsv")
    raw = open(path, "rb").read()
    if raw.startswith(b"\xef\xbb\xbf"):
        problems.append("BOM present")
    if b"\r" in raw:
        problems.append("CR present")
    if not raw.endswith(b"\n"):
        problems.append("no final LF")
    text = raw.decode("utf-8")
    lines = text.split("\n")[:-1]
    if not lines or lines[0] != HEADER:
        problems.append(f"bad header: {lines[:1]!r}")
    rows = lines[1:]
    if len(rows) != TOTAL:
        problems.append(f"{len(rows)} rows, want {TOTAL}")
    seen = {k: 0 for k in COUNTS}
    messages = []
    for n, line in enumerate(rows, start=2):
        fields = line.split("\t")
        if len(fields) != 3:
            problems.append(f"line {n}: {len(fields)} fields")
            continue
        category, expected, message = fields
        if category not in COUNTS:
            problems.append(f"line {n}: unknown category {category!r}")
            continue
        seen[category] += 1
        if expected != EXPECTED[category]:
            problems.append(f"line {n}: {category} expects {EXPECTED[category]}, got {expected}")
        if not message.strip() or message != message.strip():
            problems.append(f"line {n}: empty or padded message")
        messages.append((n, message))
    for k, want in COUNTS.items():
        if seen[k] != want:
            problems.append(f"{k}: {seen[k]} rows, want {want}")
    folded = [(n, fold(m)) for n, m in messages]
    for i in range(len(folded)):
        for j in range(i + 1, len(folded)):
            ratio = difflib.SequenceMatcher(None, folded[i][1], folded[j][1]).ratio()
            if ratio >= NEAR_DUP:
                problems.append(f"near-duplicate lines {folded[i][0]} and {folded[j][0]} (ratio {ratio:.2f})")
    return problems


def main():
    failed = False
    for locale in LOCALES:
        problems = check(locale)
        for p in problems:
            print(f"{locale}: {p}")
        failed = failed or bool(problems)
        if not problems:
            print(f"{locale}: ok ({TOTAL} rows)")
    if failed:
        print("FAILED")
        return 1
    print("ALL OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
