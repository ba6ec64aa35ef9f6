#!/usr/bin/env bash
# Peak memory of `tilesplit print` (parse + check + print) and of the split pass on generated
# kernels, in KiB per statement. Usage: bench/memory.sh [BUILD_DIR]
set -euo pipefail
build=${1:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '%-10s %-28s %12s %14s\n' stmts command peak_kib kib_per_stmt
for n in ${SIZES:-10000 100000 1000000}; do
  "$build/bin/tilesplit_gen" "$n" "$tmp/k.py"
  for cmd in "print" "opt -p lower-auto-vector-split"; do
    peak=$( { /usr/bin/time -f '%M' "$build/bin/tilesplit" $cmd "$tmp/k.py" > /dev/null; } 2>&1 | tail -n 1)
    printf '%-10s %-28s %12s %14.3f\n' "$n" "$cmd" "$peak" "$(echo "$peak / $n" | bc -l)"
  done
done
