#!/usr/bin/env bash
# `tilesplit check` on every tensor-level (whole) program of tests/golden and examples/ must end
# in a verdict the program earns: 0 (equal) or 1 (the program's own error, or nothing compared),
# never 3 (internal) or 4 (the split differs, deadlocks or faults: a wrong split, or a check that
# blames itself for a program it lowered). A program is whole when it has an entry the runtime
# enters at: an Orchestration or Opaque function, or a @pl.jit one.
#   TILESPLIT=build/bin/tilesplit bash tests/check_programs.sh [ROOT]
set -u
root=${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
tool=$(realpath "${TILESPLIT:?set TILESPLIT to the tilesplit binary}")
passed=0
failed=0
while IFS= read -r f; do
  case "$f" in *.expected.py) continue ;; esac
  dir=$(dirname "$f")
  # A module other cases import from is no program of its own.
  [ -f "${f%.py}.module" ] && continue
  out=$(cd "$dir" && timeout 120 "$tool" check "$(basename "$f")" --seed 1 2>&1)
  rc=$?
  if [ "$rc" -ge 3 ]; then
    echo "FAIL $f: check exited $rc"
    printf '%s\n' "$out" | head -n 20 | sed 's/^/    | /'
    failed=$((failed + 1))
  else
    passed=$((passed + 1))
  fi
done < <(grep -l -E "FunctionType\.Orchestration|@pl\.jit|FunctionType\.Opaque" -r "$root/tests/golden" "$root/examples" --include=*.py | sort)
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
