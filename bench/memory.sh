#!/usr/bin/env bash
# Peak memory (maximum resident set, /usr/bin/time -f %M) of the CLI on generated kernels, in KiB
# per statement. `print` is parse + check + print, so its peak bounds that of parse + check alone.
# Each size is measured on the generator's text and on its canonical (printed) form, which is
# about five times longer (every assignment annotated with its type).
# Usage: [SIZES="10000 100000"] bench/memory.sh [BUILD_DIR]
set -euo pipefail
build=${1:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
peak() { { /usr/bin/time -f '%M' "$@" > /dev/null; } 2>&1 | tail -n 1; }
printf '%-10s %-10s %-32s %12s %14s\n' stmts input command peak_kib kib_per_stmt
for n in ${SIZES:-10000 100000 1000000}; do
  "$build/bin/tilesplit_gen" "$n" "$tmp/gen.py"
  "$build/bin/tilesplit" print "$tmp/gen.py" -o "$tmp/canonical.py"
  for input in gen canonical; do
    cmds=("print")
    [ "$input" = gen ] && cmds+=("opt -p lower-auto-vector-split")
    for cmd in "${cmds[@]}"; do
      # shellcheck disable=SC2086  # $cmd is a command and its options
      p=$(peak "$build/bin/tilesplit" $cmd "$tmp/$input.py")
      printf '%-10s %-10s %-32s %12s %14.3f\n' "$n" "$input" "$cmd" "$p" "$(echo "$p / $n" | bc -l)"
    done
  done
done
