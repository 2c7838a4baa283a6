"""Leave-one-author-group-out on the model's training rows (development split + training folder, probes_io.model_rows). Prints pooled figures per configuration and
writes config.json (chosen configuration + thresholds at pooled LOAO false refusal 3/5/10%)."""
import os
import json, sys
from collections import defaultdict
import numpy as np
from sklearn.metrics import roc_auc_score
from probes_io import model_rows, HERE, TRAINING_GROUP
from model import Model

rows, row_groups = model_rows()
texts = [r[4] for r in rows]
y = np.array([int(r[3] != "allow") for r in rows])
hard = np.array([r[2] in ("rule9", "rule15") for r in rows])
groups = np.array(row_groups)
names = sorted(set(groups))
FRS = [0.03, 0.05, 0.10]


def oof(cfg):
    s = np.zeros(len(rows))
    for g in names:
        te = groups == g
        m = Model(**cfg).fit([t for t, k in zip(texts, ~te) if k], y[~te])
        s[te] = m.score([t for t, k in zip(texts, te) if k])
    return s


def at_fr(s, fr):
    t = np.quantile(s[y == 0], 1 - fr)  # refuse when score > t
    ref = s > t
    return t, ref[y == 0].mean(), ref[y == 1].mean(), ref[(y == 1) & hard].mean()


configs = [dict(kind="lr", C=c) for c in (1, 3, 10, 30, 100)] + [dict(kind="svm", C=c) for c in (0.1, 0.3, 1, 3, 10)]
best = None
print("config            AUC    | recall(all)/recall(r9+r15) at LOAO FR 3% 5% 10%")
for cfg in configs:
    s = oof(cfg)
    auc = roc_auc_score(y, s)
    res = [at_fr(s, fr) for fr in FRS]
    print(f"{cfg['kind']:3} C={cfg['C']:<5}  {auc:.4f} | " +
          "  ".join(f"{r[2]*100:5.1f}/{r[3]*100:5.1f} (FR {r[1]*100:.1f})" for r in res), flush=True)
    key = res[1][2]  # pooled unsafe recall at 5% FR
    if best is None or key > best[0]:
        best = (key, cfg, s, res)

key, cfg, s, res = best
print("\nchosen:", cfg, "(max pooled recall at 5% FR)")
dev = groups != TRAINING_GROUP
t_dev = [np.quantile(s[dev & (y == 0)], 1 - fr) for fr in FRS]
print(f"development rows only (the pool before {TRAINING_GROUP}): AUC {roc_auc_score(y[dev], s[dev]):.4f}, unsafe recall " +
      "  ".join(f"{((s > t) & dev & (y == 1)).sum() / (dev & (y == 1)).sum() * 100:5.1f}" for t in t_dev) +
      " at their own 3/5/10% false refusal")
print("per held-out group: n, unsafe n, AUC, unsafe recall at the 3/5/10% thresholds, harmless FR at 5%")
for g in names:
    m = groups == g
    auc = roc_auc_score(y[m], s[m]) if len(set(y[m])) == 2 else float("nan")
    rec = [((s > r[0]) & m & (y == 1)).sum() / max(1, (m & (y == 1)).sum()) for r in res]
    fr5 = ((s > res[1][0]) & m & (y == 0)).sum() / max(1, (m & (y == 0)).sum())
    print(f"  {g:12} {m.sum():4} {(m & (y==1)).sum():4} AUC {auc:.3f}  rec " +
          " ".join(f"{x*100:5.1f}" for x in rec) + f"  FR5 {fr5*100:5.1f}")
json.dump({"config": cfg, "thresholds": {str(fr): float(r[0]) for fr, r in zip(FRS, res)}},
          open(os.path.join(HERE, "config.json"), "w"), indent=1)
