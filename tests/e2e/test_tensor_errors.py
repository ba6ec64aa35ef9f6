"""Bad tensor-level programs through pypto.runtime.run and @pl.jit: each refusal is a located
tilesplit.UserError whose first line is `FILE:LINE:COL: error: ...` at the statement, op or
parameter at fault in this file, naming it, with a note that says what to do. The command line
gives the same errors for the same programs in files (tests/golden/tensor_errors/)."""

from __future__ import annotations

import numpy as np
import pytest

import pypto.language as pl
from pypto.runtime import RunConfig, run
from tilesplit import UserError

SIM = RunConfig(platform="a2a3sim")


@pl.jit
def add_mismatch(a: pl.Tensor, b: pl.Tensor, out: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
        c = pl.add(a, b)
        out = pl.assemble(out, c, [0, 0])
    return out


@pl.jit
def matmul_mismatch(a: pl.Tensor, b: pl.Tensor, out: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.LEFT_RIGHT)]):
        c = pl.matmul(a, b)
        out = pl.assemble(out, c, [0, 0])
    return out


@pl.jit
def write_in_kernel(a: pl.Tensor, out: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP):
        y = pl.exp(a)
        z = pl.tensor.write(y, [0, 0], 1.0)
        out = pl.assemble(out, z, [0, 0])
    return out


@pl.jit
def window_too_small(a: pl.Tensor, out: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP):
        y = pl.exp(a)
        out[0:8, 0:16] = y
    return out


@pl.program
class NeverWritesOut:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(self, a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32],
             out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            y = pl.exp(a)
            b = pl.assemble(b, y, [0, 0])
        return out


@pl.jit
def exp_kernel(a: pl.Tensor, out: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP):
        out = pl.assemble(out, pl.exp(a), [0, 0])
    return out


def _line(name: str, fragment: str) -> int:
    """The line of this file holding `fragment`, the first one after `def NAME` or `class NAME`."""
    with open(__file__) as fh:
        lines = fh.read().splitlines()
    start = next(k for k, t in enumerate(lines) if t.startswith((f"def {name}(", f"class {name}:")))
    return next(k for k in range(start, len(lines)) if fragment in lines[k]) + 1


def _located(e: Exception, line: int, *fragments: str) -> str:
    text = str(e)
    first = text.splitlines()[0]
    assert f"{__file__}:{line}:" in first and ": error: " in first, text
    for f in fragments:
        assert f in text, text
    assert "note:" in text, text  # what to do
    return text


def _rand(*shape):
    return np.random.default_rng(0).standard_normal(shape).astype(np.float32)


def test_shape_mismatch_of_an_elementwise_op():
    with pytest.raises(UserError) as e:
        add_mismatch(_rand(32, 32), _rand(16, 32), np.zeros((32, 32), np.float32), config=SIM)
    _located(e.value, _line("add_mismatch", "pl.add(a, b)"), "tensor.add", "[16, 32]")


def test_matmul_with_different_contraction_extents():
    with pytest.raises(UserError) as e:
        matmul_mismatch(_rand(32, 64), _rand(32, 32), np.zeros((32, 32), np.float32), config=SIM)
    _located(e.value, _line("matmul_mismatch", "pl.matmul(a, b)"), "tensor.matmul",
             "contraction extent")


def test_tensor_op_without_a_tile_form_inside_the_kernel():
    with pytest.raises(UserError) as e:
        write_in_kernel(_rand(16, 32), np.zeros((16, 32), np.float32), config=SIM)
    _located(e.value, _line("write_in_kernel", "pl.tensor.write"),
             "tensor.write of a tile has no tile form")


def test_out_parameter_never_written():
    a, b = _rand(16, 32), _rand(16, 32)
    with pytest.raises(UserError) as e:
        run(NeverWritesOut, a, b, np.zeros((16, 32), np.float32), config=SIM)
    _located(e.value, _line("NeverWritesOut", "out: pl.Out"),
             "Out parameter 'out' of 'main' was never written")


@pytest.mark.parametrize("platform", ["a2a3", "a5"])
def test_hardware_platform_for_a_tensor_level_program(platform):
    with pytest.raises(UserError) as e:
        exp_kernel(_rand(16, 32), np.zeros((16, 32), np.float32),
                   config=RunConfig(platform=platform))
    _located(e.value, _line("exp_kernel", "def exp_kernel"),
             f"platform '{platform}' is an NPU", "a2a3sim")


def test_subscript_write_of_a_window_smaller_than_the_value():
    with pytest.raises(UserError) as e:
        window_too_small(_rand(16, 16), np.zeros((32, 16), np.float32), config=SIM)
    _located(e.value, _line("window_too_small", "out[0:8, 0:16]"),
             "the window out[0:8, 0:16] has extent 8 on axis 0, but the value written has 16")
