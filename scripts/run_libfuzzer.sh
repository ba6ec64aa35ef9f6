#!/usr/bin/env bash
# Runs the libFuzzer harnesses built by `make fuzz-libfuzzer` for SECONDS each, one job, seeded
# with every .py kernel under tests/ and examples/ and the DSL dictionary. Crashing inputs land in
# DIR/artifacts/; the log of each run in DIR/<harness>.log (docs/reliability.md). The harnesses
# run one after the other: the front end is several times faster than the pass, so a campaign that
# wants a given number of executions of each runs them separately with their own SECONDS.
#
#   scripts/run_libfuzzer.sh BUILD_DIR SECONDS [HARNESS...]   (frontend, split_pass; default both)
set -euo pipefail
usage="usage: run_libfuzzer.sh BUILD_DIR SECONDS [HARNESS...]"
dir=${1:?$usage}
seconds=${2:?$usage}
shift 2
harnesses=("$@")
[ "${#harnesses[@]}" -gt 0 ] || harnesses=(frontend split_pass)
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mkdir -p "$dir/artifacts"
# UBSan's checks are compiled recoverable: without halt_on_error a report would only be printed
# and libFuzzer would go on as if nothing happened. Leaks are found by ASan at the end of each
# input run (libFuzzer's -detect_leaks, on by default).
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
status=0
for harness in "${harnesses[@]}"; do
  corpus="$dir/corpus-$harness"
  mkdir -p "$corpus"
  # Seeds: every kernel file of the repository (the corpus directory keeps what libFuzzer adds).
  find "$root/tests" "$root/examples" -name '*.py' -print0 |
    while IFS= read -r -d '' f; do
      # A file removed while the list is walked (a checkout or merge during a run) is no reason
      # to stop the campaign.
      cp "$f" "$corpus/seed_$(echo "$f" | md5sum | cut -c1-12).py" 2>/dev/null || true
    done
  echo "== fuzz_$harness for $seconds s (log: $dir/$harness.log)"
  # -entropic=0: with this corpus (about 1,000 inputs, 50,000+ features) libFuzzer's entropic
  # schedule spent three quarters of the time updating its rare-feature tables (perf, clang 14),
  # and the plain schedule ran 6 times more inputs and reached more features in the same time.
  # -reload=0: one job, so there is nobody else's output to reread (every second by default).
  # LIBFUZZER_FLAGS adds options (e.g. -runs=N, -seed=N).
  # shellcheck disable=SC2086
  if ! "$dir/bin/fuzz_$harness" "$corpus" -dict="$root/tools/libfuzzer/dsl.dict" \
    -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -max_len=16384 \
    -entropic=0 -reload=0 ${LIBFUZZER_FLAGS:-} \
    -artifact_prefix="$dir/artifacts/$harness-" -print_final_stats=1 >"$dir/$harness.log" 2>&1; then
    status=1
    echo "fuzz_$harness stopped on a failing input (see $dir/artifacts/)"
  fi
  grep -E '^stat::|^Done|SUMMARY' "$dir/$harness.log" || true
done
exit $status
