"""pl.concat at tensor level and at tile level: the joined values against numpy's concatenate,
split (UP_DOWN, each lane joins its own rows) against unsplit bit for bit, and the join across
the split axis (LEFT_RIGHT), which the spec refuses and the split extensions compute from whole
operands (docs/spec-coverage.md)."""

from __future__ import annotations

import numpy as np

import pypto.language as pl
from pypto.runtime import RunConfig

M, K, N, W = 32, 16, 24, 8


@pl.jit
def join_rows_split(a: pl.Tensor, b: pl.Tensor, c: pl.Tensor, out: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
        p = pl.matmul(a, b)
        out = pl.assemble(out, pl.concat(pl.add(p, 1.0), c), [0, 0])
    return out


@pl.jit
def join_columns_split(a: pl.Tensor, b: pl.Tensor, c: pl.Tensor, out: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.LEFT_RIGHT)]):
        p = pl.matmul(a, b)
        out = pl.assemble(out, pl.concat(p, c), [0, 0])
    return out


@pl.jit
def join_tiles(x: pl.Tensor, y: pl.Tensor, out: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP):
        tx = pl.load(x, [0, 0], [M, N])
        ty = pl.load(y, [0, 0], [M, W])
        pl.store(pl.tile.concat(tx, ty), [0, 0], out)
    return out


def _rand(shape, seed):
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)


def test_tile_concat_lays_src1_after_src0():
    x, y = _rand((M, N), 0), _rand((M, W), 1)
    out = np.zeros((M, N + W), np.float32)
    join_tiles(x, y, out, config=RunConfig(platform="a2a3sim"))
    assert np.array_equal(out, np.concatenate([x, y], axis=1))


def test_tensor_concat_in_a_split_kernel_is_checked_equal():
    a, b, c = _rand((M, K), 0), _rand((K, N), 1), _rand((M, W), 2)
    out = np.zeros((M, N + W), np.float32)
    join_rows_split(a, b, c, out, config=RunConfig(platform="a5sim", check=True))
    # The matmul's accumulation order is the simulator's, so its part is compared with a
    # tolerance; the joined part is copied bit for bit.
    assert np.allclose(out[:, :N], a @ b + 1.0, rtol=1e-5, atol=1e-5)
    assert np.array_equal(out[:, N:], c)


def test_concat_across_the_split_axis_is_joined_from_whole_operands():
    a, b, c = _rand((M, K), 0), _rand((K, N), 1), _rand((M, W), 2)
    out = np.zeros((M, N + W), np.float32)
    join_columns_split(a, b, c, out, config=RunConfig(platform="a2a3sim", check=True))
    assert np.allclose(out[:, :N], a @ b, rtol=1e-5, atol=1e-5)
    assert np.array_equal(out[:, N:], c)
