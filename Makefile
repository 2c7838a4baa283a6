# Shortcuts; the scripts are the source of truth (README.md explains each).
.PHONY: run test bench fuzz build
run:
	./scripts/run.sh
test:
	./scripts/test.sh
bench:
	./bench/run.sh
fuzz:
	FUZZ_SECONDS=$${FUZZ_SECONDS:-600} ./scripts/fuzz.sh
build:
	swift build -Xswiftc -warnings-as-errors
