#!/usr/bin/env bash
# Runs the libFuzzer harnesses built by `make fuzz-libfuzzer` for SECONDS each, one job, seeded
# with every .py kernel under tests/ and examples/ and the DSL dictionary. Crashing inputs land in
# DIR/artifacts/; the log of each run in DIR/<harness>.log (docs/reliability.md).
#
#   scripts/run_libfuzzer.sh BUILD_DIR SECONDS
set -euo pipefail
dir=${1:?usage: run_libfuzzer.sh BUILD_DIR SECONDS}
seconds=${2:?usage: run_libfuzzer.sh BUILD_DIR SECONDS}
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mkdir -p "$dir/artifacts"
status=0
for harness in frontend split_pass; do
  corpus="$dir/corpus-$harness"
  mkdir -p "$corpus"
  # Seeds: every kernel file of the repository (the corpus directory keeps what libFuzzer adds).
  find "$root/tests" "$root/examples" -name '*.py' -print0 |
    while IFS= read -r -d '' f; do
      cp "$f" "$corpus/seed_$(echo "$f" | md5sum | cut -c1-12).py"
    done
  echo "== fuzz_$harness for $seconds s (log: $dir/$harness.log)"
  if ! "$dir/bin/fuzz_$harness" "$corpus" -dict="$root/tools/libfuzzer/dsl.dict" \
    -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -max_len=16384 \
    -artifact_prefix="$dir/artifacts/$harness-" -print_final_stats=1 >"$dir/$harness.log" 2>&1; then
    status=1
    echo "fuzz_$harness stopped on a failing input (see $dir/artifacts/)"
  fi
  grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb|^Done|SUMMARY' "$dir/$harness.log" || true
done
exit $status
