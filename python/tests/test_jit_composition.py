"""Calls between @pl.jit functions (tilesplit/jit_compose.py, docs/python.md "Composition"): an
entry calling @pl.jit.incore and @pl.jit.inline functions by name, the callees' unshaped tensors
typed from the parameters passed through, tuple results unpacked, diagnostics in a callee
located in the callee, and the refusals, each with its fix."""

import numpy as np
import pytest

import pypto.language as pl
from pypto.runtime import RunConfig
from tilesplit._errors import UserError

R, C = 16, 32
CFG = RunConfig(platform="a2a3sim")
M = pl.dynamic("M")


@pl.jit.incore
def twice(x: pl.Tensor[[R, C], pl.FP32], out: pl.Out[pl.Tensor[[R, C], pl.FP32]]):
    out[:] = pl.add(x, x)
    return out


@pl.jit
def calls_twice(x: pl.Tensor[[R, C], pl.FP32], out: pl.Out[pl.Tensor[[R, C], pl.FP32]]):
    out = twice(x, out)
    return out


@pl.jit.incore
def scale_both(x: pl.Tensor[[M, C], pl.FP32], acc: pl.InOut[pl.Tensor[[M, C], pl.FP32]],
               out: pl.Out[pl.Tensor[[M, C], pl.FP32]], factor: pl.Scalar[pl.FP32]):
    t = pl.mul(pl.load(x, [0, 0], [R, C]), factor)
    acc = pl.store(pl.add(pl.load(acc, [0, 0], [R, C]), t), [0, 0], acc)
    out = pl.store(t, [0, 0], out)
    return acc, out


@pl.jit
def calls_scale_both(x: pl.Tensor[[R, C], pl.FP32], acc: pl.InOut[pl.Tensor[[R, C], pl.FP32]],
                     out: pl.Out[pl.Tensor[[R, C], pl.FP32]]):
    acc, out = scale_both(x, acc, out, 3.0)
    return acc, out


@pl.jit.incore
def bare_kernel(x: pl.Tensor, out: pl.Out[pl.Tensor]):
    out[:] = pl.exp(x)
    return out


@pl.jit
def bare_entry(x: pl.Tensor, out: pl.Out[pl.Tensor]):
    out = bare_kernel(x, out)
    return out


def test_an_entry_calls_an_incore_function_by_name():
    x = np.arange(R * C, dtype=np.float32).reshape(R, C)
    out = np.zeros((R, C), np.float32)
    calls_twice(x, out, config=CFG)
    np.testing.assert_array_equal(out, x + x)
    printed = calls_twice.program(x, out).as_python()
    assert "class calls_twice_program:" in printed
    assert "self.twice(" in printed


def test_several_results_unpacked_and_a_dynamic_axis_bound_by_the_call():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((R, C)).astype(np.float32)
    acc = rng.standard_normal((R, C)).astype(np.float32)
    before = acc.copy()
    out = np.zeros((R, C), np.float32)
    calls_scale_both(x, acc, out, config=CFG)
    np.testing.assert_array_equal(out, x * np.float32(3.0))
    np.testing.assert_array_equal(acc, before + x * np.float32(3.0))


def test_unshaped_callee_tensors_take_the_shapes_passed_through():
    x = np.linspace(-1, 1, 8 * 8, dtype=np.float32).reshape(8, 8)
    out = np.zeros((8, 8), np.float32)
    bare_entry(x, out, config=CFG)
    np.testing.assert_allclose(out, np.exp(x), rtol=1e-6)


@pl.jit.incore
def faulty(x: pl.Tensor[[R, C], pl.FP32], out: pl.Out[pl.Tensor[[R, C], pl.FP32]]):
    out[:] = pl.add(x, undefined_thing)  # noqa: F821
    return out


@pl.jit
def calls_faulty(x: pl.Tensor[[R, C], pl.FP32], out: pl.Out[pl.Tensor[[R, C], pl.FP32]]):
    out = faulty(x, out)
    return out


def test_an_error_in_a_callee_is_located_in_the_callee():
    x = np.zeros((R, C), np.float32)
    with pytest.raises(UserError) as e:
        calls_faulty(x, np.zeros((R, C), np.float32), config=CFG)
    line = faulty.__wrapped__.__code__.co_firstlineno + 2
    text = str(e.value)
    assert f"test_jit_composition.py:{line}:24: error: unknown name 'undefined_thing'" in text


@pl.jit
def other_entry(x: pl.Tensor[[R, C], pl.FP32], out: pl.Out[pl.Tensor[[R, C], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        out[:] = pl.add(x, x)
    return out


@pl.jit
def calls_an_entry(x: pl.Tensor[[R, C], pl.FP32], out: pl.Out[pl.Tensor[[R, C], pl.FP32]]):
    out = other_entry(x, out)
    return out


def test_an_entry_does_not_call_another_entry():
    x = np.zeros((R, C), np.float32)
    with pytest.raises(TypeError, match="decorate other_entry with @pl.jit.incore"):
        calls_an_entry(x, np.zeros((R, C), np.float32), config=CFG)


@pl.jit
def passes_a_slice(x: pl.Tensor, out: pl.Out[pl.Tensor]):
    out = bare_kernel(x[0:8, :], out)
    return out


def test_a_callee_shape_only_the_compiler_knows_is_refused_with_the_fix():
    x = np.zeros((16, 8), np.float32)
    with pytest.raises(TypeError, match="give 'x' a shape in its annotation"):
        passes_a_slice(x, np.zeros((8, 8), np.float32), config=CFG)
