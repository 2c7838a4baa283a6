"""Does reading a message clause by clause beat reading it whole? The same leave-one-author-out as loao.py (every
training row, the rules' recorded verdicts combined as the gate combines them: rules or model; least
2 x unsafe allowed + harmless refused pooled, t_model on the same grid from T_MODEL_FLOOR), for four readings,
each with its own C and t_model:

  whole       today's model: trained on whole messages, scores the whole message;
  max         the same model, a message's score is the largest over its units (clauses.units: its sentences
              and clauses, and the whole message);
  mil-whole   multiple-instance training: every unit of a harmless message is a harmless example, an unsafe
              message is one example as a whole; scored as max;
  mil-clause  as mil-whole, but an unsafe message contributes its highest-scoring unit (scored by the fold's
              whole-message model at the same C; the whole message is one of its units); scored as max.

Each fold fits the vocabulary and idf on the training groups' whole messages (as export.py does). The held-out
scores are cached in clause_scores.npz (git-ignored; `--rescore` recomputes them), so a change of the rules'
verdicts needs no refit. Prints aggregate counts only, never a message: pooled, per held-out group, the spent
fresh sets, and by message length (short < 120 characters, longer)."""
import os
import sys
import numpy as np
from probes_io import model_rows, HERE, SPENT
from loao import GRID_MODEL, T_MODEL_FLOOR, rules_kinds, counts, cost, best_t_model, held_out_scores

VARIANTS = ("whole", "max", "mil-whole", "mil-clause")
# loao.py's two best C (tied on its criterion); the smaller ones cost 5-10 more there, and each fold here fits
# three models per C on a shared two-core machine.
CS = (3, 30)
CACHE = os.path.join(HERE, "clause_scores.npz")
LONG = 120


def load_or_score(rows, y, groups):
    if os.path.exists(CACHE) and "--rescore" not in sys.argv:
        data = np.load(CACHE)
        if data["n"] == len(rows):
            return {(v, c): data[f"{v}|{c}"] for v in VARIANTS for c in CS}
    scores = held_out_scores([r[4] for r in rows], y, groups, VARIANTS, CS)
    np.savez(CACHE, n=len(rows), **{f"{v}|{c}": s for (v, c), s in scores.items()})
    return scores


def main():
    rows, row_groups, sources = model_rows()
    y = np.array([int(r[3] != "allow") for r in rows])
    unsafe, groups = y == 1, np.array(row_groups)
    scores = load_or_score(rows, y, groups)
    rules = rules_kinds(rows, sources) != "allow"
    long = np.array([len(r[4]) >= LONG for r in rows])
    spent = np.isin(groups, list(SPENT))
    grid = GRID_MODEL[GRID_MODEL >= T_MODEL_FLOOR]
    print(f"{len(rows)} rows, {int(unsafe.sum())} unsafe, {len(set(row_groups))} author groups; "
          f"rules alone {counts(rules, unsafe)[0]} / {counts(rules, unsafe)[1]}")
    print("\nvariant     C      t     | rules or model pooled u / h (cost) | spent fresh sets u / h | short u / h | long u / h")
    chosen = {}
    for v in VARIANTS:
        for c in CS:
            s = scores[(v, c)]
            t = best_t_model(s, unsafe, rules, grid)
            refused = rules | (s > t)
            u, h = counts(refused, unsafe)
            key = (cost((u, h)), u)
            if v not in chosen or key < chosen[v][0]:
                chosen[v] = (key, c, t)
            print(f"{v:11} {c:<6} {t:5.2f} | %3d / %3d (%3d) | %3d / %3d | %3d / %3d | %3d / %3d" %
                  ((u, h, cost((u, h))) + counts(refused, unsafe, spent) + counts(refused, unsafe, ~long) +
                   counts(refused, unsafe, long)))
    print("\neach variant at its own C and t_model: per held-out group u / h (rules alone first)")
    refusals = {v: rules | (scores[(v, c)] > t) for v, (_, c, t) in chosen.items()}
    print(f"  {'group':12} {'rows':>4} {'long':>4} rules    " + "  ".join(f"{v:>10}" for v in VARIANTS))
    masks = [(g, groups == g) for g in sorted(set(row_groups))]
    masks += [("spent fresh", spent), ("short <120", ~long), ("long", long), ("all", np.ones(len(rows), bool))]
    for g, m in masks:
        cells = "  ".join(f"{'%3d / %3d' % counts(refusals[v], unsafe, m):>10}" for v in VARIANTS)
        print(f"  {g:12} {int(m.sum()):4} {int((m & long).sum()):4} %3d / %3d  {cells}" % counts(rules, unsafe, m))
    print("  chosen: " + "; ".join(f"{v} C = {c}, t_model = {t}" for v, (_, c, t) in chosen.items()))


if __name__ == "__main__":
    main()
