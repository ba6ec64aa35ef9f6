#!/usr/bin/env python3
"""Instruction counts per statement for the linear-growth benchmarks, under callgrind.

Times on a shared machine move by tens of percent between identical runs, and part of the
growth of time with size is the memory hierarchy. The number of instructions executed is
neither: for the same binary and input it is the same on every run, and it grows exactly as
the algorithm does. Each (benchmark, size) runs once, alone, under
`valgrind --tool=callgrind --collect-atstart=no`; only the timed loop is counted (the Counted
markers in bench/counted.h), divided by the iterations Google Benchmark ran.

Usage: bench/instructions.py [--build DIR] [--max-size N] [FAMILY ...]
Sizes stop at 100k by default: valgrind runs about 50x slower than native.
"""
import argparse
import json
import re
import subprocess
import sys

from growth import FAMILIES


def count(binary, family, size):
    proc = subprocess.run(
        ["valgrind", "--tool=callgrind", "--collect-atstart=no", "--callgrind-out-file=/dev/null",
         binary, f"--benchmark_filter=^{family}/{size}$", "--benchmark_min_time=0",
         "--benchmark_format=json"],
        check=True, capture_output=True, text=True)
    collected = re.search(r"Collected : (\d+)", proc.stderr)
    if not collected:
        sys.exit(f"{family}/{size}: no callgrind total in:\n{proc.stderr}")
    runs = [b for b in json.loads(proc.stdout)["benchmarks"] if b.get("run_type") == "iteration"]
    return int(collected.group(1)) / runs[0]["iterations"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--max-size", type=int, default=100000)
    ap.add_argument("families", nargs="*", default=list(FAMILIES))
    args = ap.parse_args()
    binary = f"{args.build}/bin/tilesplit_bench"
    for family in args.families:
        sizes = [n for n in FAMILIES[family] if n <= args.max_size]
        per_run = [count(binary, family, n) for n in sizes]
        cells = "  ".join(f"{n}: {c / n:.0f}/stmt" for n, c in zip(sizes, per_run))
        growth = "  ".join(f"{per_run[i + 1] / per_run[i]:.2f}x" for i in range(len(sizes) - 1))
        print(f"{family:26s} {cells}  | instructions per 10x: {growth}", flush=True)


if __name__ == "__main__":
    main()
