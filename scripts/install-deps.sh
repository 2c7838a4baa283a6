#!/usr/bin/env bash
# Installs, idempotently, everything the build, the servers and the tests need on a fresh
# Debian machine of this project's kind. Safe to run again: it only installs what is missing.
set -euo pipefail

DEBIAN_PACKAGES=(
  libhttp-parser-dev libsqlite3-dev libpq-dev libsodium-dev libxml2-dev   # C libraries we link
  libcurl4-openssl-dev                                                     # feed fetching (pinned addresses)
  libopenblas-dev                                                          # matrix products of the sentence encoder
  libdnnl-dev                                                              # its layers' bfloat16 products (oneDNN)
  libyaml-dev                                                              # the Coach's safety matrix files
  libstemmer-dev                                                           # Snowball stemmer of Jarvis's word classes
  pkg-config                                                               # finds libxml2's headers
  postgresql curl bc                                                       # storage tests, smoke tests, bench maths
  python3-venv                                                             # scripts/schemathesis.sh's own environment
)
BENCH_PACKAGES=(nginx-light wrk)                                           # `make bench` only
PYTHON_MODULES=(websockets:websockets yaml:pyyaml)                         # test clients: module:package

want=("${DEBIAN_PACKAGES[@]}")
if [ "${1:-}" = "--bench" ]; then want+=("${BENCH_PACKAGES[@]}"); fi

missing=()
for pkg in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

for entry in "${PYTHON_MODULES[@]}"; do
  python3 -c "import ${entry%%:*}" 2>/dev/null || python3 -m pip install -q --root-user-action=ignore "${entry#*:}"
done

command -v swift >/dev/null || { echo "install-deps: the Swift 6 toolchain must be on PATH" >&2; exit 1; }
