#!/usr/bin/env bash
# The golden suite driver (format: tests/golden/README.md).
#
#   TILESPLIT=build/bin/tilesplit tests/run_golden.sh [GOLDEN_DIR]
#
# Runs every case under GOLDEN_DIR (default tests/golden), then the round-trip check over every
# non-error kernel in the repository (GOLDEN_DIR, examples/, docs/). Ends with the line
# `N passed, M failed` and exits non-zero when anything failed.
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
GOLDEN=$(cd "${1:-$ROOT/tests/golden}" && pwd) || exit 2
TS=${TILESPLIT:-$ROOT/build/bin/tilesplit}
case "$TS" in /*) ;; *) TS="$PWD/$TS" ;; esac
if [ ! -x "$TS" ]; then
  echo "run_golden.sh: no tilesplit binary at '$TS' (set TILESPLIT)" >&2
  exit 2
fi
# A case that hangs must fail, not stall the suite.
CASE_TIMEOUT=${CASE_TIMEOUT:-60}

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# ---- The note of every rejection says what to change (tests/golden/README.md, "Notes").
# Every located error (`FILE:LINE:COL: error: ...`) of a case expected to fail with exit 1 needs
# at least one `note:` line that proposes a change: it holds one of these imperative verbs as a
# word (in any form but the bare verb, e.g. "defined", it does not count), or is a "did you
# mean" suggestion. Errors whose message contains a fragment listed in
# notes_allowlist.txt (one per line, `#` comments) are let through until their notes are written;
# an entry no error needs any more fails the full run, so the list only shrinks.
NOTE_VERBS='use|gather|bring|read|rewrite|flatten|compare|raise|increase|decrease|add|remove|move|split|declare|give|make|write|bind|replace|keep|store|load|pass|call|rename|change|drop|cast|annotate|delete|define|put|wrap|close|indent|import|reshape|choose|pick|widen|narrow|align|pad|insert|spell|yield|select|swap|inline|copy|initialise|initialize|hoist|shrink|convert|fill|guard|unroll|merge|clamp|compute|apply'
ALLOWLIST="$ROOT/tests/golden/notes_allowlist.txt"
mapfile -t allowed < <(if [ -f "$ALLOWLIST" ]; then grep -v '^[[:space:]]*#' "$ALLOWLIST" | grep '[^[:space:]]'; fi)
declare -A allow_used=()

# unactionable ERRFILE: prints the message of each located error in ERRFILE that has no
# actionable note.
unactionable() {
  awk -v verbs="$NOTE_VERBS" '
    function flush() {
      if (msg != "" && !ok) print msg
      msg = ""; ok = 0
    }
    BEGIN { re = "(^|[^a-z])(" verbs ")([^a-z]|$)" }
    /^[^ :]+:[0-9]+:[0-9]+: error: / { flush(); sub(/^[^ :]+:[0-9]+:[0-9]+: error: /, ""); msg = $0; next }
    /^([^ :]+:[0-9]+:[0-9]+: )?note: / {
      n = tolower($0); sub(/^([^ :]+:[0-9]+:[0-9]+: )?note: /, "", n)
      if (n ~ re || n ~ /did you mean/) ok = 1
      next
    }
    END { flush() }
  ' "$1"
}

# notes_problem ERRFILE: the first located error in ERRFILE that lacks an actionable note and is
# not allow-listed ("" when none); marks the allow-list entries used.
notes_problem() {
  local msg frag hit
  while IFS= read -r msg; do
    hit=""
    for frag in "${allowed[@]}"; do
      if [[ "$msg" == *"$frag"* ]]; then
        hit=1
        allow_used[$frag]=1
      fi
    done
    if [ -z "$hit" ]; then
      echo "$msg"
      return
    fi
  done < <(unactionable "$1")
}

passed=0
failed=0

rel() { echo "${1#"$ROOT"/}"; }

pass() {
  passed=$((passed + 1))
  echo "PASS $1"
}

# fail NAME REASON [DETAIL-FILE...]: prints the reason and the first lines of each detail file.
fail() {
  failed=$((failed + 1))
  echo "FAIL $1: $2"
  shift 2
  local f
  for f in "$@"; do
    if [ -s "$f" ]; then sed -n '1,40p' "$f" | sed 's/^/    | /'; fi
  done
}

# run DIR OUT ERR ARGS...: runs the CLI in DIR (so diagnostics name files relative to it) with no
# standard input; sets $code.
# The limit is CASE_TIMEOUT, or $case_limit when a case's NAME.timeout asks for more.
run() {
  local dir=$1 out=$2 err=$3
  shift 3
  local limit=$CASE_TIMEOUT
  [ -n "${case_limit:-}" ] && [ "$case_limit" -gt "$limit" ] && limit=$case_limit
  (cd "$dir" && timeout "$limit" "$TS" "$@" >"$out" 2>"$err" </dev/null)
  code=$?
}

# The command lines of a .cmd file: comment and blank lines dropped. Each line is one run of the
# case (several seeds or scalars of one kernel without copying it); every run must meet the
# case's expectations.
read_cmd_lines() {
  mapfile -t cmd_lines < <(grep -v '^[[:space:]]*#' "$1" | grep '[^[:space:]]')
}

# ---- Golden cases.
run_case() {
  local py=$1
  local dir base stem name
  dir=$(dirname "$py")
  base=$(basename "$py")
  stem=${py%.py}
  name=$(rel "$py")
  local -a cmd_lines=(print)
  if [ -f "$stem.cmd" ]; then read_cmd_lines "$stem.cmd"; fi
  if [ "${#cmd_lines[@]}" -eq 0 ]; then
    fail "$name" "empty $(basename "$stem").cmd"
    return
  fi
  local line_of_cmd case_name=$name
  for line_of_cmd in "${cmd_lines[@]}"; do
    read -r -a cmd_args <<<"$line_of_cmd"
    name=$case_name
    [ "${#cmd_lines[@]}" -gt 1 ] && name="$case_name [${cmd_args[*]}]"
    check_run "$dir" "$base" "$stem" "$name"
  done
}

# check_run DIR BASE STEM NAME: one run of a case (the words in cmd_args) against its
# expectations.
check_run() {
  local dir=$1 base=$2 stem=$3 name=$4
  local out="$WORK/out" err="$WORK/err"
  # A case that is meant to run long (10 million simulated steps) names its own limit, so that a
  # slow build (the sanitizers) or a loaded machine does not fail it; others keep CASE_TIMEOUT.
  local case_limit=""
  [ -f "$stem.timeout" ] && case_limit=$(tr -dc '0-9' <"$stem.timeout")
  run "$dir" "$out" "$err" "${cmd_args[@]}" "$base"

  if [ -f "$stem.error" ]; then
    local want_exit=1 line="" col="" key value
    local -a contains=() stdout_contains=()
    while IFS= read -r entry || [ -n "$entry" ]; do
      case "$entry" in '' | '#'*) continue ;; esac
      key=${entry%%:*}
      value=${entry#*:}
      value=${value# }
      case "$key" in
        line) line=$value ;;
        col) col=$value ;;
        exit) want_exit=$value ;;
        contains) contains+=("$value") ;;
        stdout-contains) stdout_contains+=("$value") ;;
        *)
          fail "$name" "unknown key '$key' in $(basename "$stem").error"
          return
          ;;
      esac
    done <"$stem.error"
    if [ "$code" -ne "$want_exit" ]; then
      fail "$name" "exit code $code, expected $want_exit" "$err" "$out"
      return
    fi
    if [ -n "$line" ]; then
      local loc="$base:$line:"
      [ -n "$col" ] && loc="$base:$line:$col:"
      if ! grep -qF -- "$loc" "$err"; then
        fail "$name" "stderr does not name the location '$loc'" "$err"
        return
      fi
      if [ -s "$out" ]; then
        fail "$name" "a located error must print nothing on stdout" "$out"
        return
      fi
    fi
    local frag
    for frag in "${contains[@]}"; do
      if ! grep -qF -- "$frag" "$err"; then
        fail "$name" "stderr lacks '$frag'" "$err"
        return
      fi
    done
    for frag in "${stdout_contains[@]}"; do
      if ! grep -qF -- "$frag" "$out"; then
        fail "$name" "stdout lacks '$frag'" "$out"
        return
      fi
    done
    if [ "$want_exit" -eq 1 ]; then
      local bare
      bare=$(notes_problem "$err")
      if [ -n "$bare" ]; then
        fail "$name" "no note of this error says what to change: $bare" "$err"
        return
      fi
    fi
    pass "$name"
    return
  fi

  if [ "$code" -ne 0 ]; then
    fail "$name" "exit code $code, expected 0" "$err"
    return
  fi
  if [ -f "$stem.expected.py" ] && ! cmp -s "$out" "$stem.expected.py"; then
    diff -u --label "$(basename "$stem").expected.py" --label "actual output" \
      "$stem.expected.py" "$out" >"$WORK/diff"
    fail "$name" "output differs from $(basename "$stem").expected.py" "$WORK/diff"
    return
  fi
  pass "$name"
}

# ---- Round trip: print X, print that again (byte-identical), and X equal to its print.
# An expected output must itself be canonical: the printer wrote it (dsl.md 10).
round_trip() {
  local py=$1
  local dir base name
  dir=$(dirname "$py")
  base=$(basename "$py")
  name="round-trip ${2:-$(rel "$py")}"
  local p1="$WORK/printed.py" p2="$WORK/reprinted.py" err="$WORK/err" out="$WORK/out"
  run "$dir" "$p1" "$err" print "$base"
  if [ "$code" -ne 0 ]; then
    fail "$name" "print exited $code" "$err"
    return
  fi
  run "$WORK" "$p2" "$err" print "$p1"
  if [ "$code" -ne 0 ]; then
    fail "$name" "printing the printed text exited $code" "$err"
    return
  fi
  if ! cmp -s "$p1" "$p2"; then
    diff -u --label print --label reprint "$p1" "$p2" >"$WORK/diff"
    fail "$name" "printing is not idempotent" "$WORK/diff"
    return
  fi
  run "$dir" "$out" "$err" equal "$base" "$p1"
  if [ "$code" -ne 0 ] || [ "$(cat "$out")" != "equal" ]; then
    fail "$name" "the printed text is not equal to the input (exit $code)" "$out" "$err"
    return
  fi
  case "$base" in
    *.expected.py)
      if ! cmp -s "$py" "$p1"; then
        diff -u --label "$base" --label print "$py" "$p1" >"$WORK/diff"
        fail "$name" "an expected output must be canonical printer text" "$WORK/diff"
        return
      fi
      ;;
  esac
  pass "$name"
}

mapfile -t cases < <(find "$GOLDEN" -name '*.py' ! -name '*.expected.py' | LC_ALL=C sort)
for py in "${cases[@]}"; do run_case "$py"; done

roots=("$GOLDEN")
for d in "$ROOT/examples" "$ROOT/docs"; do
  if [ -d "$d" ] && [ "$d" != "$GOLDEN" ]; then roots+=("$d"); fi
done
mapfile -t kernels < <(find "${roots[@]}" -name '*.py' | LC_ALL=C sort -u)
for py in "${kernels[@]}"; do
  stem=${py%.py}
  if [ -f "$stem.error" ]; then continue; fi
  round_trip "$py"
done

# ---- Every stage is a split program `check --against` takes (README: "SPLIT_FILE may be at any
# stage"). The pass's own golden outputs (flat and region forms alike), and every stage of the
# bundled examples, are checked against the kernel they came from; a kernel whose own `check`
# fails for its inputs (unsorted merge lists, unbound dynamic dimensions) has nothing to compare.
against_case() {
  local dir=$1 base=$2 split=$3 name=$4
  run "$dir" "$WORK/out" "$WORK/err" check "$base"
  [ "$code" -eq 0 ] || return 0
  run "$dir" "$WORK/out" "$WORK/err" check "$base" --against "$split"
  if [ "$code" -ne 0 ]; then
    fail "$name" "check --against exited $code" "$WORK/out" "$WORK/err"
    return
  fi
  pass "$name"
}
for py in "${cases[@]}"; do
  stem=${py%.py}
  [ -f "$stem.cmd" ] && [ -f "$stem.expected.py" ] || continue
  first=$(grep -v '^[[:space:]]*#' "$stem.cmd" | grep -m1 '[^[:space:]]')
  case " $first " in
    " opt "*[\ ,]lower-auto-vector-split[\ ,]*) ;;
    " opt "*" default-pipeline "*) ;;
    *) continue ;;
  esac
  against_case "$(dirname "$py")" "$(basename "$py")" "$(basename "$stem").expected.py" \
    "check --against $(rel "$stem").expected.py"
done
if [ -d "$ROOT/examples" ]; then
  for py in $(find "$ROOT/examples" -name '*.py' ! -name '*.expected.py' | LC_ALL=C sort); do
    stages=""
    for p in outline-incore-scopes lower-auto-vector-split expand-mixed-kernel split-vector-kernel; do
      stages=${stages:+$stages,}$p
      run "$(dirname "$py")" "$WORK/stage.py" "$WORK/err" opt "$(basename "$py")" -p "$stages"
      if [ "$code" -ne 0 ]; then
        fail "$(rel "$py") after $p" "opt exited $code" "$WORK/err"
        continue
      fi
      against_case "$(dirname "$py")" "$(basename "$py")" "$WORK/stage.py" \
        "check $(rel "$py") --against its form after $p"
    done
  done
fi

# Kernels quoted in the documentation: fenced blocks whose first line is the DSL import. Other
# blocks (Python API examples, shell sessions, sketches) are not kernels and are left alone.
mkdir -p "$WORK/snippets"
if [ -d "$ROOT/docs" ]; then
  while IFS= read -r md; do
    awk -v out="$WORK/snippets" -v tag="$(basename "$md" .md)" '
      /^```/ {
        if (!inside) { inside = 1; start = NR + 1; n = 0; next }
        inside = 0
        if (n > 0 && (lines[1] ~ /^import pypto\.language as pl/ ||
                      lines[1] ~ /^from pypto import language as pl/)) {
          f = out "/" tag "_" start ".py"
          for (i = 1; i <= n; i++) print lines[i] > f
          close(f)
        }
        next
      }
      inside { lines[++n] = $0 }
    ' "$md"
  done < <(find "$ROOT/docs" -name '*.md' | LC_ALL=C sort)
fi
for py in $(find "$WORK/snippets" -name '*.py' | LC_ALL=C sort); do
  snippet=$(basename "$py" .py)
  round_trip "$py" "docs/${snippet%_*}.md:${snippet##*_}"
done

# A full run uses every allow-list entry; one that no error needs any more must go.
if [ "$GOLDEN" = "$ROOT/tests/golden" ]; then
  for frag in "${allowed[@]}"; do
    if [ -z "${allow_used[$frag]:-}" ]; then
      fail "notes_allowlist.txt" "no error needs the entry '$frag' any more: delete it"
    else
      pass "notes_allowlist.txt: '$frag'"
    fi
  done
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
