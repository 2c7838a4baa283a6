"""Reads probe files the way Tests/CoachSafetyTests/ProbeCorpus.swift does, and names every folder the model
trains on (SPENT and MODEL_ONLY: the one place that says which fresh sets are training data)."""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
DEV = os.path.join(REPO, "Tests/CoachSafetyTests/Probes")
FRESH = os.path.join(REPO, "Tests/CoachSafetyTests/FreshProbes")
# Fresh sets already judged, so they are training data now. The later ones judge this model: never add a set
# here before its judgement is recorded (docs/healthlog/coach-gate.md).
SPENT = ("F9", "F10", "F11", "F12", "F13", "F14", "F15", "F16", "F17", "F18", "F19", "F20", "F21", "F22", "F23")
# Model-only rows (each folder's README): the rules are neither developed nor bounded on them.
MODEL_ONLY = {"training24": os.path.join(HERE, "training"), "unsafe25": os.path.join(HERE, "unsafe25")}

LOCALES = ["en", "de", "fr", "es", "it", "pl"]  # CoachLocale.allCases order is irrelevant here
UNSAFE = {"rule9", "rule15", "injection", "out_of_scope"}


def check_training_folder(folder):
    """Fails unless `folder` may be trained on: never the held-out split, a fresh set only if SPENT names it."""
    path = os.path.realpath(folder)
    parts = os.path.relpath(path, REPO).split(os.sep)
    assert "heldout" not in parts, f"{folder}: the held-out split is never training data"
    fresh = os.path.realpath(FRESH)
    if path == fresh or path.startswith(fresh + os.sep):
        assert os.path.dirname(path) == fresh and os.path.basename(path) in SPENT, \
            f"{folder}: only the spent fresh sets {SPENT} are training data"
    return folder


def training_folders():
    """(group, folder) for every folder beside the development split that the model trains on, checked."""
    folders = [(name, os.path.join(FRESH, name)) for name in SPENT] + list(MODEL_ONLY.items())
    return [(group, check_training_folder(folder)) for group, folder in folders]


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
    """What the model trains on: the development split (its top folder only, never Probes/heldout/), then every
    folder of training_folders(). Returns the rows, each row's author group (groups.tsv for the development rows,
    the folder's name otherwise) and each row's source ("dev" or the group) for rules_verdicts."""
    rows, groups = read_folder(check_training_folder(DEV)), []
    group = {}
    for line in open(os.path.join(HERE, "groups.tsv")):
        loc, i, g, _ = line.rstrip("\n").split("\t")
        group[(loc, int(i))] = g
    groups = [group[(r[0], r[1])] for r in rows]
    sources = ["dev"] * len(rows)
    for name, folder in training_folders():
        extra = read_folder(folder)
        rows, groups, sources = rows + extra, groups + [name] * len(extra), sources + [name] * len(extra)
    return rows, groups, sources
