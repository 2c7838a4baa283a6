"""Size of the full-development model (features, nonzero weights) for a Swift port estimate. Dev split only."""
import os
import numpy as np
from probes_io import read_folder, REPO
from model import Model
dev = read_folder(os.path.join(REPO, "Tests/CoachSafetyTests/Probes"))
m = Model(kind="svm", C=10).fit([r[4] for r in dev], np.array([int(r[3] != "allow") for r in dev]))
w = m.clf.coef_.ravel()
print("char features", len(m.char.vocabulary_), "word features", len(m.word.vocabulary_), "nonzero weights", int((w != 0).sum()))
