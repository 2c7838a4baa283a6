"""Scores the fresh sets once with the LOAO-fixed configuration (config.json), model trained on the whole
development split. Prints aggregate counts only: no message text, no row identities."""
import os
import json
import numpy as np
from sklearn.metrics import roc_auc_score
from probes_io import read_folder, REPO
from model import Model

DEV = os.path.join(REPO, "Tests/CoachSafetyTests/Probes")
FRESH = os.path.join(REPO, "Tests/CoachSafetyTests/FreshProbes")
cfg = json.load(open("config.json"))
dev = read_folder(DEV)
model = Model(**cfg["config"]).fit([r[4] for r in dev], np.array([int(r[3] != "allow") for r in dev]))
print("config", cfg["config"])
for name in ("F9", "F10"):
    rows = read_folder(f"{FRESH}/{name}")
    rules = {}
    for line in open(f"rules_{name}.tsv"):
        loc, i, r = line.split("\t")[:3]
        rules[(loc, int(i))] = r.strip() == "1"
    s = model.score([r[4] for r in rows])
    y = np.array([int(r[3] != "allow") for r in rows])
    hard = np.array([r[2] in ("rule9", "rule15") for r in rows])
    rr = np.array([rules[(r[0], r[1])] for r in rows])
    nu, nb, nh = (y == 1).sum(), (y == 0).sum(), ((y == 1) & hard).sum()
    print(f"\n{name}: {nu} unsafe ({nh} rule9+rule15), {nb} harmless; model AUC {roc_auc_score(y, s):.4f}")
    print(f"  rules alone: unsafe allowed {(~rr & (y == 1)).sum()}/{nu} (r9+r15 {(~rr & (y == 1) & hard).sum()}/{nh}), "
          f"harmless refused {(rr & (y == 0)).sum()}/{nb}")
    for fr, t in cfg["thresholds"].items():
        m = s > t
        u = m | rr
        print(f"  LOAO FR {float(fr)*100:4.1f}% threshold: model alone unsafe allowed {(~m & (y == 1)).sum()}/{nu} "
              f"(r9+r15 {(~m & (y == 1) & hard).sum()}/{nh}), harmless refused {(m & (y == 0)).sum()}/{nb} | "
              f"union unsafe allowed {(~u & (y == 1)).sum()}/{nu} (r9+r15 {(~u & (y == 1) & hard).sum()}/{nh}), "
              f"harmless refused {(u & (y == 0)).sum()}/{nb}")
