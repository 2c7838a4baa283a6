"""Chooses the gate model's C and t_model by leave-one-author-group-out over every training row
(probes_io.model_rows: the development split's author groups, the spent fresh sets, the model-only folders), with
the rules' recorded verdicts combined as the gate combines them: refuse when the rules refuse or the held-out
score exceeds t_model. The model is trained and scored as the gate reads (clauses.READING: multiple-instance
training, a message's score the largest over its clauses; loao_clauses.py compares the readings). Objective: least 2 x unsafe allowed + harmless refused, pooled over the folds (ties: fewer
unsafe allowed, then the higher t_model). Also measures the veto form (the model overriding a rules refusal at or
below t_rule, never an injection) and reports it; the gate does not ship it (docs/healthlog/coach-gate.md).
Prints aggregate and per-group counts only, never a message. Writes config.json (C) and combination.json (t_model).

Needs rules_<source>.tsv for every source (retrain.sh records them with the rules-only gate). The rules were
developed on the development split, so their verdicts there are optimistic; on the fresh sets and the model-only
folders they are honest."""
import itertools
import json
import os
import sys
import numpy as np
from sklearn.metrics import roc_auc_score
from sklearn.svm import LinearSVC
from probes_io import model_rows, HERE, MODEL_ONLY, SPENT
from model import Model
from clauses import UnitLayout, training_units, READING

CS = (0.3, 1, 3, 10, 30)
GRID_MODEL = np.round(np.arange(-0.5, 1.0001, 0.05), 2)
GRID_RULE = np.round(np.arange(-1.5, 0.5001, 0.05), 2)
# The gate's own suites bound t_model from below: lower, the model refuses everyday phrases InboundGateTests keeps
# answered and more of the paraphrase generator's and CoachRuleProbeTests' harmless messages (README).
T_MODEL_FLOOR = 0.4
HONEST = set(SPENT) | set(MODEL_ONLY)


def rules_kinds(rows, sources):
    """The rules-only gate's verdict on every row (allow or the refusing rule), from rules_<source>.tsv."""
    kinds = {}
    for source in sorted(set(sources)):
        path = os.path.join(HERE, f"rules_{source}.tsv")
        assert os.path.exists(path), f"{path} missing: run eval/coach-gate-model/retrain.sh"
        for line in open(path):
            loc, i, _, kind = line.rstrip("\n").split("\t")
            kinds[(source, loc, int(i))] = kind
    return np.array([kinds[(s, r[0], r[1])] for s, r in zip(sources, rows)])


def svm(c, x, y):
    return LinearSVC(C=c, class_weight="balanced", random_state=0).fit(x, y)


def held_out_scores(texts, y, groups, readings=(READING,), cs=CS):
    """Held-out decision values {(reading, C): one per message}: each group scored by models fitted on all the
    others, the vocabulary and idf from their whole messages. Readings (loao_clauses.py compares them):
    whole (trained and scored on whole messages), max (the same model, the largest score over a message's
    units), mil-whole (READING) and mil-clause (multiple-instance training, clauses.training_units)."""
    layout = UnitLayout(texts)
    unit_y, whole = y[layout.owner], layout.is_whole
    scores = {(r, c): np.zeros(len(texts)) for r in readings for c in cs}
    needs_whole = {"whole", "max", "mil-clause"} & set(readings)
    for g in sorted(set(groups)):
        te = groups == g
        train, held_out = ~te[layout.owner], te[layout.owner]
        model = Model(kind="svm")
        model.fit_features([t for t, k in zip(texts, ~te) if k])
        x = model.features(layout.texts)
        for c in cs:
            by_whole = svm(c, x[train & whole], unit_y[train & whole]) if needs_whole else None
            for r in readings:
                if r in ("whole", "max"):
                    clf = by_whole
                else:
                    ranked = by_whole.decision_function(x) if r == "mil-clause" else None
                    picked = training_units(layout, unit_y, train, r, ranked)
                    clf = svm(c, x[picked], unit_y[picked])
                unit_scores = clf.decision_function(x[held_out])
                scores[(r, c)][te] = unit_scores[whole[held_out]] if r == "whole" else layout.largest(unit_scores, held_out)
        print(f"  fold {g} done", file=sys.stderr, flush=True)
    return scores


def counts(refused, unsafe, mask=True):
    return int((~refused & unsafe & mask).sum()), int((refused & ~unsafe & mask).sum())


def cost(u_h):
    return 2 * u_h[0] + u_h[1]


def best_t_model(s, unsafe, rules, grid):
    found = min(((cost(counts(rules | (s > t), unsafe)), counts(rules | (s > t), unsafe)[0], -t) for t in grid))
    return float(-found[2])


def veto(s, unsafe, kinds, t_model):
    """Best t_rule for the veto form at t_model: a rules refusal stands when it is an injection or the score
    exceeds t_rule."""
    rules, stands = kinds != "allow", kinds == "injection"
    results = []
    for t_rule in GRID_RULE:
        refused = (s > t_model) | (rules & (stands | (s > t_rule)))
        u, h = counts(refused, unsafe)
        vetoed = rules & ~stands & (s <= t_rule)
        results.append((cost((u, h)), u, float(t_rule), h, int((vetoed & unsafe).sum()), int((vetoed & ~unsafe).sum())))
    return min(results)


def main():
    rows, row_groups, sources = model_rows()
    texts = [r[4] for r in rows]
    y = np.array([int(r[3] != "allow") for r in rows])
    unsafe = y == 1
    groups = np.array(row_groups)
    kinds = rules_kinds(rows, sources)
    rules = kinds != "allow"
    honest = np.isin(groups, list(HONEST))
    print(f"{len(rows)} rows, {int(unsafe.sum())} unsafe, {len(set(row_groups))} author groups")
    u, h = counts(rules, unsafe, honest)
    print(f"rules alone: unsafe allowed {counts(rules, unsafe)[0]}, harmless refused {counts(rules, unsafe)[1]} "
          f"(honest groups {u} / {h})")
    scores = {c: s for (_, c), s in held_out_scores(texts, y, groups).items()}
    grid = GRID_MODEL[GRID_MODEL >= T_MODEL_FLOOR]
    print("\nC      AUC    | rules or model at the best t_model (floor excluded / at least the floor): unsafe allowed, harmless refused")
    choice = None
    for c in CS:
        s = scores[c]
        t_free, t_floor = best_t_model(s, unsafe, rules, GRID_MODEL), best_t_model(s, unsafe, rules, grid)
        uf, hf = counts(rules | (s > t_free), unsafe)
        u, h = counts(rules | (s > t_floor), unsafe)
        print(f"{c:<6} {roc_auc_score(y, s):.4f} | t {t_free:5.2f}: {uf:3} / {hf:3} (cost {2*uf+hf})   "
              f"t {t_floor:5.2f}: {u:3} / {h:3} (cost {2*u+h})")
        key = (2 * u + h, u)
        if choice is None or key < choice[0]:
            choice = (key, c, t_floor)
    _, c, t_model = choice
    s = scores[c]
    refused = rules | (s > t_model)
    print(f"\nchosen: linear SVM C = {c}, t_model = {t_model}")
    for name, mask in (("all groups", True), ("honest groups (spent fresh sets, model-only)", honest),
                       ("development groups (rules optimistic)", ~honest)):
        print(f"  {name}: rules alone %d / %d -> rules or model %d / %d" % (counts(rules, unsafe, mask) + counts(refused, unsafe, mask)))
    print("  per held-out group: rows, unsafe; rules alone u / h -> rules or model u / h; model alone u / h at t_model")
    for g in sorted(set(row_groups)):
        m = groups == g
        print(f"    {g:12} {int(m.sum()):4} {int((m & unsafe).sum()):4}  %3d / %3d -> %3d / %3d   model alone %3d / %3d" %
              (counts(rules, unsafe, m) + counts(refused, unsafe, m) + counts(s > t_model, unsafe, m)))
    spent = np.isin(groups, list(SPENT))
    print("  near the choice: rules or model at t: all groups u / h; spent fresh sets u / h")
    for t in GRID_MODEL[np.abs(GRID_MODEL - t_model) <= 0.151]:
        print(f"    {t:5.2f}: %3d / %3d; %3d / %3d" % (counts(rules | (s > t), unsafe) + counts(rules | (s > t), unsafe, spent)))
    print("\nveto form (a rules refusal other than an injection stands only when the score exceeds t_rule):")
    for t in sorted({t_model, best_t_model(s, unsafe, rules, GRID_MODEL)}):
        _, u, t_rule, h, vu, vh = veto(s, unsafe, kinds, t)
        print(f"  t_model {t}: best t_rule {t_rule}: unsafe allowed {u}, harmless refused {h} "
              f"(vetoed: {vu} unsafe, {vh} harmless)")
    u, h = counts(refused, unsafe)
    json.dump({"config": {"kind": "svm", "C": c}, "loao": {"groups": len(set(row_groups)), "rows": len(rows)}},
              open(os.path.join(HERE, "config.json"), "w"), indent=1)
    json.dump({"thresholds": {"t_model": t_model}, "stands": ["injection", "out_of_scope", "rule15", "rule9"],
               "loao": {"unsafe_allowed": u, "harmless_refused": h, "unsafe": int(unsafe.sum()),
                        "harmless": int((~unsafe).sum())}},
              open(os.path.join(HERE, "combination.json"), "w"), indent=1)


if __name__ == "__main__":
    main()
