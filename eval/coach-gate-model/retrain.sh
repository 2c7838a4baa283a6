#!/bin/sh
# Retrains the Coach gate's classifier in one command, from any directory: records the rules-only gate's verdict on
# every training folder (rules_<source>.tsv, git-ignored), re-attributes the development rows to author groups,
# chooses C and t_model by leave-one-author-out with the rules combined (loao.py -> loao_out.txt), exports the
# model and the golden scores, rebuilds and runs GateModelTests. Run it again whenever the rules or any training
# folder change: the choice depends on both.
set -eu
cd "$(dirname "$0")/../.."
here=eval/coach-gate-model
(cd "$here" && python3 -m unittest -q test_probes_io)
swift build --build-tests
python3 -c "import sys; sys.path.insert(0, '$here'); import probes_io as p
print('dev', p.DEV); [print(g, f) for g, f in p.training_folders()]" | while read -r source folder; do
    COACH_GATE_RULES_ONLY=1 COACH_PROBES_EXTRA="$folder" COACH_PROBES_EXTRA_MISSES=1 \
        swift test --skip-build --filter ProbeSuiteTests/testExtraProbeFolders 2>&1 |
        python3 "$here/rules_verdicts.py" "$folder" "$here/rules_$source.tsv" | sed "s/^/rules on $source: /"
done
(cd "$here" && python3 groups.py && python3 loao.py | tee loao_out.txt && python3 export.py)
swift build --build-tests
swift test --skip-build --filter GateModelTests
