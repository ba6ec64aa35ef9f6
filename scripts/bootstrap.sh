#!/usr/bin/env bash
# Installs the Debian packages a command needs, and only the missing ones: a machine that has
# them all is left untouched (no apt-get update, no root needed).
#
#   scripts/bootstrap.sh [--for demo|test]     check and install what is missing (the default)
#   scripts/bootstrap.sh --check-only-missing  the same, spelled out (what `make` runs)
#   scripts/bootstrap.sh --check [--for P]     only report; exit 1 when something is missing
#
# `--for demo` is what `make demo` needs: the compiler and the CMake toolchain, nothing else (on
# a bare machine of this project's kind all four come with the image, so the demo installs
# nothing). `--for test` (the default) is everything the build and the whole suite need.
set -euo pipefail

# chromium: the headless browser that renders the `tilesplit explain` page in the test suite.
# python3-hypothesis: the property-based test of the Python API (python/tests/ir_fuzz.py);
# python3-jsonschema: the SARIF logs validated against the schema (tests/sarif/).
# python3-torch: PyPTO programs are written against torch tensors (tests/e2e runs them as written).
# ccache: the compiler launcher CMake picks up when present (rebuilds cost what changed).
DEMO_PACKAGES=(g++ cmake ninja-build make)
TEST_PACKAGES=("${DEMO_PACKAGES[@]}" libgtest-dev libbenchmark-dev python3
  python3-dev pybind11-dev python3-pytest python3-numpy python3-hypothesis python3-jsonschema
  libmimalloc-dev ccache python3-torch
  clang-format clang libclang-rt-14-dev chromium)

mode=install
profile=test
while [ $# -gt 0 ]; do
  case "$1" in
    --check-only-missing) mode=install ;;
    --check) mode=check ;;
    --for)
      profile="${2:-}"
      shift
      ;;
    --for=*) profile="${1#--for=}" ;;
    -h | --help)
      sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *)
      echo "bootstrap.sh: unknown option '$1' (see --help)" >&2
      exit 2
      ;;
  esac
  shift
done
case "$profile" in
  demo) PACKAGES=("${DEMO_PACKAGES[@]}") ;;
  test) PACKAGES=("${TEST_PACKAGES[@]}") ;;
  *)
    echo "bootstrap.sh: unknown profile '$profile' for --for (demo or test)" >&2
    exit 2
    ;;
esac

missing=()
for pkg in "${PACKAGES[@]}"; do
  if ! dpkg -s "$pkg" 2>/dev/null | grep -q '^Status: install ok installed'; then
    missing+=("$pkg")
  fi
done

if [ "${#missing[@]}" -eq 0 ]; then
  exit 0
fi

echo "bootstrap.sh: missing packages: ${missing[*]}" >&2
if [ "$mode" = check ]; then
  exit 1
fi

if [ "$(id -u)" -eq 0 ]; then
  sudo_cmd=()
elif command -v sudo >/dev/null 2>&1; then
  sudo_cmd=(sudo)
else
  echo "bootstrap.sh: installing needs root; run as root: apt-get install ${missing[*]}" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -q
"${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
