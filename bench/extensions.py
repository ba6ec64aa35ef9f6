#!/usr/bin/env python3
"""The cost of each split extension (docs/performance.md, "Split extensions"), against the same
kernel written by hand the way the spec's note says.

For each pair: the instructions `tilesplit opt FILE -p outline-incore-scopes,lower-auto-vector-split`
executes beyond `tilesplit print FILE` (parsing and printing cancel out, what is left is the two
passes), under callgrind, so the figure is the same on every run; and what the split program pushes
between the cores (`tilesplit run FILE --pipeline default-pipeline --stats`).

Usage: bench/extensions.py [--tilesplit build/bin/tilesplit]
"""
import argparse
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
GOLD = ROOT / "tests" / "golden" / "lower_auto"
HAND = ROOT / "bench" / "extensions"

# (extension, the kernel the extension splits, the kernel written by hand)
PAIRS = [
    ("odd vector->cube box, gathered padded", GOLD / "odd_gather_padded_up_down_check.py",
     HAND / "odd_gather_by_hand.py"),
    ("column max over the split axis, partials combined", GOLD / "partial_reduction_col_max_up_down.py",
     GOLD / "partial_reduction_col_max_up_down.expected.py"),
    ("narrowed valid columns, full box transported", GOLD / "full_box_cols_left_right.py",
     GOLD / "full_box_cols_left_right.expected.py"),
    ("window not lane-aligned, taken from the whole source", GOLD / "whole_source_slice_up_down.py",
     GOLD / "whole_source_slice_up_down.expected.py"),
    ("row sum over the split axis, from whole operands", GOLD / "whole_operands_row_sum_left_right.py",
     GOLD / "whole_operands_row_sum_left_right.expected.py"),
    ("odd result extent, padded band", GOLD / "padded_band_transpose_odd_rows.py",
     GOLD / "padded_band_transpose_odd_rows.expected.py"),
    ("stores of two lanes unordered, token transfer", GOLD / "order_token_between_lanes.py",
     GOLD / "order_token_between_lanes.expected.py"),
]


def instructions(tool, *args):
    proc = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", tool,
                           *args], capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", proc.stderr)
    if not found:
        sys.exit(f"no callgrind total for {args}:\n{proc.stderr}")
    return int(found.group(1))


def pass_instructions(tool, path):
    return (instructions(tool, "opt", str(path), "-p", "outline-incore-scopes,lower-auto-vector-split")
            - instructions(tool, "print", str(path)))


def transfers(tool, path):
    out = subprocess.run([tool, "run", str(path), "--pipeline", "default-pipeline", "--stats"],
                         capture_output=True, text=True, check=True).stdout
    m = re.search(r"cube -> vector (\d+) push(?:es)?, (\d+) bytes; vector -> cube (\d+) "
                  r"push(?:es)?, (\d+) bytes", out)
    if not m:
        sys.exit(f"no transfer line from run --stats on {path}:\n{out}")
    return tuple(int(g) for g in m.groups())


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tilesplit", default=str(ROOT / "build" / "bin" / "tilesplit"))
    a = ap.parse_args()
    print("| extension | pass instructions: extension / by hand | C->V pushes, bytes: extension"
          " / by hand | V->C pushes, bytes: extension / by hand |")
    print("|---|---|---|---|")
    for name, ext, hand in PAIRS:
        ie, ih = pass_instructions(a.tilesplit, ext), pass_instructions(a.tilesplit, hand)
        te, th = transfers(a.tilesplit, ext), transfers(a.tilesplit, hand)
        print(f"| {name} | {ie:,} / {ih:,} ({ie / ih:.2f}x) | {te[0]}, {te[1]:,} / {th[0]}, "
              f"{th[1]:,} | {te[2]}, {te[3]:,} / {th[2]}, {th[3]:,} |")


if __name__ == "__main__":
    main()
