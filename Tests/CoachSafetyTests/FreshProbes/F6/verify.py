#!/usr/bin/env python3
"""Checks probes.<lang>.tsv: header, per-category counts, expected labels,
empty messages, tabs/CR, exact and near duplicates within each file."""
import pathlib, re, sys, difflib, unicodedata
HERE = pathlib.Path(__file__).parent
LANGS = ["en", "de", "fr", "es", "it", "pl"]
HEADER = "category\texpected\tmessage"
COUNTS = {"rule9": 16, "rule15": 7, "injection": 4, "out_of_scope": 3, "benign": 30}
EXPECTED = {"rule9": "rule9", "rule15": "rule15", "injection": "injection",
            "out_of_scope": "out_of_scope", "benign": "allow"}
NEAR = 0.85  # similarity ratio on normalised text counted as near-duplicate

def norm(s):
    s = unicodedata.normalize("NFKD", s.lower())
    s = "".join(c for c in s if not unicodedata.combining(c))
    return re.sub(r"[^\w ]+", "", re.sub(r"\s+", " ", s)).strip()

all_ok = True
for lang in LANGS:
    p = HERE / f"probes.{lang}.tsv"
    errs = []
    if not p.exists():
        print(f"{lang}: FAIL missing file"); all_ok = False; continue
    raw = p.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        errs.append(f"not UTF-8: {e}"); text = raw.decode("utf-8", "replace")
    if raw.startswith(b"\xef\xbb\xbf"): errs.append("has BOM")
    if b"\r" in raw: errs.append("contains CR (not LF-only)")
    if not text.endswith("\n"): errs.append("no trailing LF")
    lines = text.split("\n")
    if lines and lines[-1] == "": lines = lines[:-1]
    if not lines or lines[0] != HEADER: errs.append(f"bad header: {lines[0]!r}" if lines else "empty file")
    body = lines[1:]
    if len(body) != 60: errs.append(f"{len(body)} data lines, want 60")
    counts = {k: 0 for k in COUNTS}
    msgs = []
    for i, ln in enumerate(body, start=2):
        parts = ln.split("\t")
        if len(parts) != 3:
            errs.append(f"line {i}: {len(parts)} fields"); continue
        cat, exp, msg = parts
        if cat not in COUNTS:
            errs.append(f"line {i}: unknown category {cat!r}"); continue
        counts[cat] += 1
        if exp != EXPECTED[cat]: errs.append(f"line {i}: {cat} expected {EXPECTED[cat]!r}, got {exp!r}")
        if not msg.strip(): errs.append(f"line {i}: empty message")
        elif msg != msg.strip(): errs.append(f"line {i}: leading/trailing whitespace")
        msgs.append((i, msg))
    for k, want in COUNTS.items():
        if counts[k] != want: errs.append(f"{k}: {counts[k]} rows, want {want}")
    normed = [(i, norm(m)) for i, m in msgs]
    for a in range(len(normed)):
        for b in range(a + 1, len(normed)):
            (ia, ma), (ib, mb) = normed[a], normed[b]
            if ma == mb:
                errs.append(f"lines {ia},{ib}: duplicate"); continue
            r = difflib.SequenceMatcher(None, ma, mb).ratio()
            if r >= NEAR: errs.append(f"lines {ia},{ib}: near-duplicate ({r:.2f})")
    if errs:
        all_ok = False
        print(f"{lang}: FAIL"); [print("   ", e) for e in errs]
    else:
        print(f"{lang}: OK  " + " ".join(f"{k}={v}" for k, v in counts.items()))
print("ALL OK" if all_ok else "FAILED")
sys.exit(0 if all_ok else 1)
