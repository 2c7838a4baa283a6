"""Reads probe files the way Tests/CoachSafetyTests/ProbeCorpus.swift does."""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
DEV = os.path.join(REPO, "Tests/CoachSafetyTests/Probes")
TRAINING = os.path.join(HERE, "training")  # model-only rows (training/README.md); the rules never read them
TRAINING_GROUP = "training24"

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


def model_rows():
    """What the model trains on: the development split (never Probes/heldout/, never FreshProbes/), then the
    model-only training folder. Returns the rows and each row's author group: groups.tsv for the development
    rows, one group for the training folder (one author)."""
    dev, extra = read_folder(DEV), read_folder(TRAINING)
    group = {}
    for line in open(os.path.join(HERE, "groups.tsv")):
        loc, i, g, _ = line.rstrip("\n").split("\t")
        group[(loc, int(i))] = g
    return dev + extra, [group[(r[0], r[1])] for r in dev] + [TRAINING_GROUP] * len(extra)
