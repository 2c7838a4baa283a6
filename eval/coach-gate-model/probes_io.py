"""Reads probe files the way Tests/CoachSafetyTests/ProbeCorpus.swift does."""
import os

REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

LOCALES = ["en", "de", "fr", "es", "it", "pl"]  # CoachLocale.allCases order is irrelevant here
UNSAFE = {"rule9", "rule15", "injection", "out_of_scope"}


def read_folder(folder):
    """Rows (locale, index_in_file, category, expected, message) for every locale file present."""
    rows = []
    for loc in LOCALES:
        path = os.path.join(folder, f"probes.{loc}.tsv")
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as fh:
            lines = [l for l in fh.read().split("\n") if l != ""][1:]
        for i, line in enumerate(lines):
            cat, exp, msg = line.split("\t", 2)
            rows.append((loc, i, cat, exp, msg.replace("\\n", "\n")))
    return rows
