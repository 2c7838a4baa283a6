#!/usr/bin/env python3
"""Structural check for the F7 fresh probe set. Stdlib only; does not run the gate."""
import difflib
import os
import re
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
LANGS = ["en", "de", "fr", "es", "it", "pl"]
HEADER = "category\texpected\tmessage"
COUNTS = {"rule9": 16, "rule15": 7, "injection": 4, "out_of_scope": 3, "benign": 30}
EXPECTED = {"rule9": "rule9", "rule15": "rule15", "injection": "injection",
            "out_of_scope": "out_of_scope", "benign": "allow"}
TOTAL = sum(COUNTS.values())  # 60
NEAR = 0.85


def fold(s):
    s = unicodedata.normalize("NFKD", s.casefold())
    s = "".join(c for c in s if not unicodedata.combining(c))
    s = s.replace("ł", "l").replace("ß", "ss")
    s = re.sub(r"[^\w]+", " ", s)
    return re.sub(r"\s+", " ", s).strip()


def check(lang):
    errs = []
    path = os.path.join(HERE, f"probes.{lang}.tsv")
    if not os.path.exists(path):
        return [f"{lang}: missing {path}"]
    raw = open(path, "rb").read()
    if raw.startswith(b"\xef\xbb\xbf"):
        errs.append(f"{lang}: has BOM")
    if b"\r" in raw:
        errs.append(f"{lang}: contains CR (not pure LF)")
    if not raw.endswith(b"\n"):
        errs.append(f"{lang}: no trailing newline")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        return errs + [f"{lang}: not UTF-8: {e}"]
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines = lines[:-1]
    if not lines or lines[0] != HEADER:
        errs.append(f"{lang}: bad header {lines[0]!r}" if lines else f"{lang}: empty")
    rows = []
    for n, line in enumerate(lines[1:], start=2):
        parts = line.split("\t")
        if len(parts) != 3:
            errs.append(f"{lang}:{n}: {len(parts)} fields, expected 3")
            continue
        cat, exp, msg = parts
        if cat not in COUNTS:
            errs.append(f"{lang}:{n}: unknown category {cat!r}")
        elif exp != EXPECTED[cat]:
            errs.append(f"{lang}:{n}: category {cat} must have expected {EXPECTED[cat]}, got {exp!r}")
        if not msg.strip():
            errs.append(f"{lang}:{n}: empty message")
        if msg != msg.strip():
            errs.append(f"{lang}:{n}: leading/trailing whitespace")
        rows.append((n, cat, msg))
    if len(rows) != TOTAL:
        errs.append(f"{lang}: {len(rows)} rows, expected {TOTAL}")
    for cat, want in COUNTS.items():
        got = sum(1 for _, c, _ in rows if c == cat)
        if got != want:
            errs.append(f"{lang}: {cat} has {got} rows, expected {want}")
    folded = [(n, fold(m)) for n, _, m in rows]
    for i in range(len(folded)):
        for j in range(i + 1, len(folded)):
            (ni, a), (nj, b) = folded[i], folded[j]
            if a == b:
                errs.append(f"{lang}: exact duplicate lines {ni} and {nj}")
                continue
            r = difflib.SequenceMatcher(None, a, b).ratio()
            if r >= NEAR:
                errs.append(f"{lang}: near duplicate lines {ni} and {nj} (ratio {r:.2f})")
    return errs


def main():
    all_errs = []
    for lang in LANGS:
        e = check(lang)
        print(f"{lang}: {'ok' if not e else str(len(e)) + ' problem(s)'}")
        all_errs += e
    for e in all_errs:
        print("  " + e)
    if all_errs:
        print("FAILED")
        return 1
    print("ALL OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
