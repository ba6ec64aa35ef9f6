#!/usr/bin/python3
"""numpy doing the math of bench/sim_bench.cpp on 256 x 256 FP32 data, for docs/performance.md.

Run with the Debian interpreter (python3-numpy): /usr/bin/python3 bench/numpy_ref.py
"""
import timeit

import numpy as np

rng = np.random.default_rng(0)
a = rng.uniform(-1, 1, (256, 256)).astype(np.float32)
b = rng.uniform(-1, 1, (256, 256)).astype(np.float32)
c = rng.uniform(-1, 1, (256, 256)).astype(np.float32)


def elementwise():
    s = a + b
    m = s * a
    e = np.exp(m)
    return e - b


def matmul():
    return a @ b


def cube_to_vector():
    return c + a @ b


for name, fn in [("elementwise", elementwise), ("matmul", matmul), ("cube_to_vector", cube_to_vector)]:
    n, total = timeit.Timer(fn).autorange()
    best = min(timeit.repeat(fn, number=n, repeat=5)) / n
    print(f"{name:16s} {best * 1e3:8.3f} ms")
