# Shortcuts; the scripts are the source of truth (README.md explains each).
.PHONY: run test bench bench-stories eval scale-bench fuzz build
run:
	./scripts/run.sh
test:
	./scripts/test.sh
bench:
	./bench/run.sh
bench-stories:
	./bench/jarvis-stories/run.sh
eval:
	./scripts/eval.sh
scale-bench:
	./scripts/story-engine-bench.sh
fuzz:
	FUZZ_SECONDS=$${FUZZ_SECONDS:-600} ./scripts/fuzz.sh
build:
	swift build -Xswiftc -warnings-as-errors
