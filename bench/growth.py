#!/usr/bin/env python3
"""Linear-growth check for the front-end and pass benchmarks.

Google Benchmark runs every size of a family in one process, one after the other, so a size
inherits the heap the previous (larger or smaller) one left behind, and on a shared machine
one unlucky minute moves a whole family. Here every (benchmark, size) pair runs alone in a
fresh process, ROUNDS times, the rounds interleaved across sizes; the figure per size is the
median of the per-process CPU times. Growth per 10x is the quotient of neighbouring sizes.

Usage: bench/growth.py [--build DIR] [--rounds N] [--min-time S] [FAMILY ...]
FAMILY defaults to the families with a linear-growth target (docs/performance.md).
"""
import argparse
import json
import statistics
import subprocess
import sys

FAMILIES = {
    "BM_ParseCheck": [1000, 10000, 100000, 1000000],
    "BM_Print": [1000, 10000, 100000, 1000000],
    "BM_StructuralEqual": [1000, 10000, 100000, 1000000],
    "BM_DeepClone": [1000, 10000, 100000, 1000000],
    "BM_LowerAutoVectorSplit": [1000, 10000, 100000],
    "BM_LowerRegions": [100, 1000, 10000, 100000],
    # machine references (bench/baseline_bench.cpp), not targets
    "BM_BaselineNodeCopy": [1000, 10000, 100000, 1000000],
    "BM_BaselineBumpCopy": [1000, 10000, 100000, 1000000],
}


def run_once(binary, family, size, min_time):
    out = subprocess.run(
        [binary, f"--benchmark_filter=^{family}/{size}$", f"--benchmark_min_time={min_time}",
         "--benchmark_format=json"],
        check=True, capture_output=True, text=True).stdout
    runs = [b for b in json.loads(out)["benchmarks"] if b.get("run_type") == "iteration"]
    if len(runs) != 1:
        sys.exit(f"{family}/{size}: expected one run, got {len(runs)}")
    scale = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}[runs[0]["time_unit"]]
    return runs[0]["cpu_time"] * scale


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--min-time", default="0.5")
    ap.add_argument("families", nargs="*", default=list(FAMILIES))
    args = ap.parse_args()
    binary = f"{args.build}/bin/tilesplit_bench"
    for family in args.families:
        sizes = FAMILIES[family]
        times = {n: [] for n in sizes}
        for _ in range(args.rounds):
            for n in sizes:
                times[n].append(run_once(binary, family, n, args.min_time))
        med = [statistics.median(times[n]) for n in sizes]
        cells = "  ".join(f"{n}: {m:.3g} ms" for n, m in zip(sizes, med))
        growth = "  ".join(f"{med[i + 1] / med[i]:.1f}x" for i in range(len(med) - 1))
        spread = max((max(times[n]) - min(times[n])) / statistics.median(times[n]) for n in sizes)
        print(f"{family:26s} {cells}  | growth per 10x: {growth}  (widest spread {spread:.0%})",
              flush=True)


if __name__ == "__main__":
    main()
