"""Attributes every development row to an author group via git blame (commit that added the line).
Writes groups.tsv: locale<TAB>index<TAB>group<TAB>commit. Rows from commits not named in GROUPS (development rows
written after F13's judgement, or not committed yet) form one more group, LATER."""
import os
import subprocess
from probes_io import LOCALES

REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
GROUPS = {
    "seed": ["1638cee"],
    "batch300": ["3ceece7"],
    "batch240": ["79273c4"],
    "batches2-14": ["f389001", "48f5ae6", "969e40a", "4f5b315", "8b96dd6", "06f7e18", "ad83895", "70b34ce",
                    "c1e6a2f", "e897f5e", "c999440", "738648b", "f967c20", "911355b"],
    "gate-tests": ["ddd3d9f", "28ebf4d", "8ec7927", "1f7117c", "300e1b2", "4235047"],
    "shapes": ["05a7942", "9a3b5f0"],
    "F2": ["dd41b8b"], "F3": ["bb8add6"], "F4": ["98302d4"],
    # a fresh set plus the paraphrases of its misses written right after it (same source material)
    "F5": ["5caa942", "8818af8"], "F6": ["960e8ca", "787a94f"],
    "F7": ["5ec5782", "1529a5a"], "F8": ["16741b1", "28d27f7"],
}
BY_COMMIT = {c: g for g, cs in GROUPS.items() for c in cs}
LATER = "dev-later"

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "groups.tsv"), "w") as out:
    for loc in LOCALES:
        blame = subprocess.run(["git", "-C", REPO, "blame", "-s", "-l", f"Tests/CoachSafetyTests/Probes/probes.{loc}.tsv"],
                               capture_output=True, text=True, check=True).stdout.splitlines()
        for line_no, line in enumerate(blame[1:]):
            commit = line[:7]
            out.write(f"{loc}\t{line_no}\t{BY_COMMIT.get(commit, LATER)}\t{commit}\n")
