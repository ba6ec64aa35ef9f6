#!/usr/bin/python3
"""numpy doing the math of bench/sim_bench.cpp on 256 x 256 FP32 data, for docs/performance.md.

Run with the Debian interpreter (python3-numpy): /usr/bin/python3 bench/numpy_ref.py

numpy runs single-threaded (the BLAS thread variables are set before numpy loads; Debian's
numpy links the reference BLAS, which is single-threaded anyway). For each kernel it prints the
median and the best per-call time over REPEATS batches, as wall time and as CPU time of the
process; on a loaded machine the CPU time is the figure to compare with the simulator's.
"""
import os

for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS", "BLIS_NUM_THREADS"):
    os.environ[var] = "1"

import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402

REPEATS = 15

rng = np.random.default_rng(0)
a = rng.uniform(-1, 1, (256, 256)).astype(np.float32)
b = rng.uniform(-1, 1, (256, 256)).astype(np.float32)
c = rng.uniform(-1, 1, (256, 256)).astype(np.float32)


def elementwise():
    s = a + b
    m = s * a
    e = np.exp(m)
    return e - b


def softmax():
    # The DSL kernel's steps: row max, subtract, exp, row sum, reciprocal, scale.
    m = a.max(axis=1, keepdims=True)
    z = a - m
    e = np.exp(z)
    s = e.sum(axis=1, keepdims=True)
    r = np.float32(1) / s
    return e * r


def matmul():
    return a @ b


def cube_to_vector():
    return c + a @ b


def per_call(fn, number):
    w0, c0 = time.perf_counter(), time.process_time()
    for _ in range(number):
        fn()
    w1, c1 = time.perf_counter(), time.process_time()
    return (w1 - w0) / number, (c1 - c0) / number


def main():
    print(f"numpy {np.__version__}, python {sys.version.split()[0]}, {REPEATS} batches per kernel")
    print(f"{'kernel':16s} {'wall median':>12s} {'wall best':>10s} {'cpu median':>11s} {'cpu best':>9s}  (ms)")
    for name, fn in [("elementwise", elementwise), ("softmax", softmax), ("matmul", matmul),
                     ("cube_to_vector", cube_to_vector)]:
        fn()
        # Batches of at least ~20 ms so that process_time's resolution does not matter.
        number = 1
        while per_call(fn, number)[0] * number < 0.02:
            number *= 2
        runs = [per_call(fn, number) for _ in range(REPEATS)]
        wall = [w * 1e3 for w, _ in runs]
        cpu = [c_ * 1e3 for _, c_ in runs]
        print(f"{name:16s} {statistics.median(wall):12.3f} {min(wall):10.3f} "
              f"{statistics.median(cpu):11.3f} {min(cpu):9.3f}")


if __name__ == "__main__":
    main()
