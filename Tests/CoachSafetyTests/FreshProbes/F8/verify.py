#!/usr/bin/env python3
"""Checks the F8 probe files: format, per-category counts, labels, near-duplicates.

Stdlib only. Run from any directory: python3 verify.py
"""
import difflib
import os
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
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
TOTAL = sum(COUNTS.values())
NEAR_DUP = 0.85


def fold(text):
    """Lower-case, strip accents and punctuation, collapse whitespace."""
    text = text.replace("ł", "l").replace("Ł", "L").replace("ß", "ss")
    decomposed = unicodedata.normalize("NFKD", text.lower())
    kept = []
    for ch in decomposed:
        if unicodedata.combining(ch):
            continue
        kept.append(ch if ch.isalnum() else " ")
    return " ".join("".join(kept).split())


def check(locale):
    errors = []
    path = os.path.join(HERE, f"probes.{locale}.tsv")
    if not os.path.exists(path):
        return [f"{locale}: missing {path}"]
    raw = open(path, "rb").read()
    if raw.startswith(b"\xef\xbb\xbf"):
        errors.append(f"{locale}: has a UTF-8 BOM")
    if b"\r" in raw:
        errors.append(f"{locale}: contains CR characters")
    if not raw.endswith(b"\n"):
        errors.append(f"{locale}: does not end with LF")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return errors + [f"{locale}: not valid UTF-8 ({exc})"]
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines or lines[0] != HEADER:
        errors.append(f"{locale}: bad header {lines[0]!r}" if lines else f"{locale}: empty file")
        return errors
    rows = lines[1:]
    if len(rows) != TOTAL:
        errors.append(f"{locale}: {len(rows)} rows, expected {TOTAL}")
    counts = {k: 0 for k in COUNTS}
    messages = []
    for n, line in enumerate(rows, start=2):
        fields = line.split("\t")
        if len(fields) != 3:
            errors.append(f"{locale}:{n}: {len(fields)} fields, expected 3")
            continue
        category, expected, message = fields
        if category not in EXPECTED_FOR:
            errors.append(f"{locale}:{n}: unknown category {category!r}")
            continue
        if expected != EXPECTED_FOR[category]:
            errors.append(f"{locale}:{n}: {category} must map to {EXPECTED_FOR[category]}, got {expected!r}")
        if not message.strip():
            errors.append(f"{locale}:{n}: empty message")
        if message != message.strip():
            errors.append(f"{locale}:{n}: leading/trailing whitespace")
        counts[category] += 1
        messages.append((n, message))
    for category, want in COUNTS.items():
        if counts[category] != want:
            errors.append(f"{locale}: {category} has {counts[category]} rows, expected {want}")
    folded = [(n, fold(m)) for n, m in messages]
    for i in range(len(folded)):
        for j in range(i + 1, len(folded)):
            ratio = difflib.SequenceMatcher(None, folded[i][1], folded[j][1]).ratio()
            if ratio >= NEAR_DUP:
                errors.append(
                    f"{locale}: lines {folded[i][0]} and {folded[j][0]} are near-duplicates (ratio {ratio:.2f})"
                )
    return errors


def main():
    all_errors = []
    for locale in LOCALES:
        errs = check(locale)
        all_errors.extend(errs)
        print(f"{locale}: {'ok' if not errs else f'{len(errs)} problem(s)'}")
    if all_errors:
        for e in all_errors:
            print("  " + e)
        sys.exit(1)
    print("ALL OK")


if __name__ == "__main__":
    main()
