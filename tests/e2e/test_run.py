"""pypto.runtime.run and @pl.jit on programs already in tile form: the run, jit, write-back and
platform machinery, proven on this branch without the tensor-level passes. Every mixed run is
also checked split against unsplit, bit for bit (check=True)."""

from __future__ import annotations

import numpy as np
import pytest

import pypto.language as pl
from pypto.runtime import RunConfig, run
from tilesplit import UserError

ROWS, COLS = 64, 32
M, K, N = 64, 32, 48
SIM = RunConfig(platform="a2a3sim")


@pl.jit
def add_kernel(a: pl.Tensor, b: pl.Tensor, out: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP):
        ta = pl.load(a, [0, 0], [ROWS, COLS])
        tb = pl.load(b, [0, 0], [ROWS, COLS])
        pl.store(pl.add(ta, tb), [0, 0], out)
    return out


@pl.jit
def top_half(a: pl.Tensor, out: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP):
        ta = pl.load(a, [0, 0], [ROWS // 2, COLS])
        pl.store(pl.exp(ta), [0, 0], out)
    return out


@pl.jit
def matmul_exp(a: pl.Tensor, b: pl.Tensor, out: pl.Out[pl.Tensor]):
    """A mixed kernel split by rows: the matmul on the cube, exp on the two vector lanes."""
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
        am = pl.load(a, [0, 0], [M, K], target_memory=pl.Mem.Mat)
        bm = pl.load(b, [0, 0], [K, N], target_memory=pl.Mem.Mat)
        al = pl.tile.move(am, target_memory=pl.Mem.Left)
        br = pl.tile.move(bm, target_memory=pl.Mem.Right)
        p = pl.matmul(al, br)
        pv = pl.tile.move(p, target_memory=pl.Mem.Vec)
        pl.store(pl.exp(pv), [0, 0], out)
    return out


@pl.jit
def never_writes(a: pl.Tensor, out: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP):
        ta = pl.load(a, [0, 0], [ROWS, COLS])
        pl.store(ta, [0, 0], a)
    return out


@pl.jit
def declared(a: pl.Tensor[[ROWS, COLS], pl.FP32], out: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        pl.store(pl.load(a, [0, 0], [ROWS, COLS]), [0, 0], out)
    return out


@pl.program
class TileProgram:
    @pl.function(type=pl.FunctionType.InCore)
    def tile_add(self, a: pl.Tensor[[ROWS, COLS], pl.FP32], b: pl.Tensor[[ROWS, COLS], pl.FP32],
                 c: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]]) -> pl.Tensor[[ROWS, COLS], pl.FP32]:
        ta = pl.load(a, [0, 0], [ROWS, COLS])
        tb = pl.load(b, [0, 0], [ROWS, COLS])
        return pl.store(pl.mul(ta, tb), [0, 0], c)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[ROWS, COLS], pl.FP32], b: pl.Tensor[[ROWS, COLS], pl.FP32],
             c: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]]) -> pl.Tensor[[ROWS, COLS], pl.FP32]:
        return self.tile_add(a, b, c)


def _rand(shape, dtype=np.float32, seed=0):
    return np.random.default_rng(seed).standard_normal(shape).astype(dtype)


def test_jit_numpy_writes_back_in_place():
    a, b = _rand((ROWS, COLS)), _rand((ROWS, COLS), seed=1)
    out = np.zeros((ROWS, COLS), np.float32)
    returned = add_kernel(a, b, out, config=SIM)
    assert returned is out
    assert np.array_equal(out, a + b)


def test_jit_torch_dtypes():
    torch = pytest.importorskip("torch")
    for dtype in (torch.float32, torch.float16, torch.bfloat16, torch.int32):
        a = (torch.randn(ROWS, COLS) * 8).to(dtype)
        b = (torch.randn(ROWS, COLS) * 8).to(dtype)
        out = torch.zeros(ROWS, COLS, dtype=dtype)
        add_kernel(a, b, out, config=SIM)
        # One rounding of the exact sum to the dtype: what torch's own add does.
        assert torch.equal(out, a + b), dtype


def test_jit_specializes_and_caches_per_signature():
    a = _rand((ROWS, COLS))
    p1 = add_kernel.program(a, a, a)
    assert add_kernel.program(a, a, np.zeros_like(a)) is p1  # same shapes and dtypes: cached
    p2 = add_kernel.program(a.astype(np.float16), a.astype(np.float16), a.astype(np.float16))
    assert p2 is not p1
    assert "pl.FP16" in str(p2) and "[64, 32]" in str(p2)


def test_partial_store_keeps_the_callers_other_elements():
    a = _rand((ROWS, COLS))
    out = np.full((ROWS, COLS), 7.0, np.float32)
    top_half(a, out, config=SIM)
    assert np.all(out[ROWS // 2:] == 7.0)
    assert np.allclose(out[: ROWS // 2], np.exp(a[: ROWS // 2]), rtol=1e-6)


def test_mixed_jit_is_split_and_checked():
    a, b = _rand((M, K)), _rand((K, N), seed=1)
    out = np.zeros((M, N), np.float32)
    matmul_exp(a, b, out, config=RunConfig(platform="a5sim", check=True))
    assert np.allclose(out, np.exp(a @ b), rtol=1e-4, atol=1e-4)
    lowered = str(matmul_exp.lower(a, b, out))
    assert "subblock_idx" in lowered and "tpush_to_aiv" in lowered


def test_runtime_run_a_program_with_orchestration():
    a, b = _rand((ROWS, COLS)), _rand((ROWS, COLS), seed=1)
    c = np.zeros((ROWS, COLS), np.float32)
    result = run(TileProgram, a, b, c, config=RunConfig(platform="a2a3sim", check=True))
    assert result.entry == "main" and result.check_kind == "equal"
    assert np.array_equal(c, a * b)


def test_runtime_run_takes_a_jit_function():
    a, b = _rand((ROWS, COLS)), _rand((ROWS, COLS), seed=1)
    out = np.zeros((ROWS, COLS), np.float32)
    run(add_kernel, a, b, out, config=SIM)
    assert np.array_equal(out, a + b)


# ---- Located errors.

def _located(e: Exception, fragment: str) -> str:
    text = str(e)
    first = text.splitlines()[0]
    assert __file__ in first and ": error: " in first, text
    assert fragment in text, text
    return text


@pytest.mark.parametrize("platform", ["a2a3", "a5"])
def test_hardware_platform_is_refused_naming_the_simulators(platform):
    a = _rand((ROWS, COLS))
    with pytest.raises(UserError) as e:
        add_kernel(a, a, np.zeros_like(a), config=RunConfig(platform=platform))
    text = _located(e.value, f"platform '{platform}' is an NPU")
    assert "a2a3sim" in text and "a5sim" in text


def test_unknown_platform_is_refused():
    a, c = _rand((ROWS, COLS)), np.zeros((ROWS, COLS), np.float32)
    with pytest.raises(UserError) as e:
        run(TileProgram, a, a, c, config=RunConfig(platform="gpu"))
    assert "unknown platform 'gpu'" in str(e.value) and "a2a3sim" in str(e.value)


def test_out_parameter_never_written():
    a = _rand((ROWS, COLS))
    with pytest.raises(UserError) as e:
        never_writes(a, np.zeros_like(a), config=SIM)
    _located(e.value, "Out parameter 'out' of 'never_writes' was never written")


def test_shape_mismatch_with_the_annotation():
    with pytest.raises(UserError) as e:
        declared(_rand((ROWS + 1, COLS)), np.zeros((ROWS, COLS), np.float32), config=SIM)
    _located(e.value, "has shape [65, 32], but the parameter is declared")


def test_dtype_mismatch_with_the_annotation():
    with pytest.raises(UserError) as e:
        declared(_rand((ROWS, COLS), np.float16), np.zeros((ROWS, COLS), np.float32),
                 config=SIM)
    _located(e.value, "holds FP16 elements")


def test_wrong_argument_count():
    with pytest.raises(UserError) as e:
        run(TileProgram, _rand((ROWS, COLS)), config=SIM)
    assert "'main' takes 3 parameters, but the call passes 1" in str(e.value)


def test_non_tensor_argument_is_a_type_error():
    with pytest.raises(TypeError):
        run(TileProgram, [1, 2], [3], [4], config=SIM)


@pl.jit
def tensor_level(a: pl.Tensor, b: pl.Tensor, out: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP):
        out = pl.assemble(out, pl.add(a, b), [0, 0])
    return out


def test_tensor_level_kernel_without_the_converter_is_refused_at_the_op():
    from conftest import TENSOR_PASSES
    from tilesplit import passes

    a = _rand((ROWS, COLS))
    if all(n in passes.pipelines()["default-pipeline"] for n in TENSOR_PASSES):
        out = np.zeros_like(a)
        tensor_level(a, a, out, config=RunConfig(platform="a2a3sim", check=True))
        assert np.array_equal(out, a + a)
        return
    with pytest.raises(UserError) as e:
        tensor_level(a, a, np.zeros_like(a), config=SIM)
    _located(e.value, "tensor.add is still a tensor op in kernel 'tensor_level_incore_0'")
    assert "convert-tensor-to-tile-ops" in str(e.value)


@pl.jit
def named_like_its_scope(a: pl.Tensor, out: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="named_like_its_scope"):
        pl.store(pl.neg(pl.load(a, [0, 0], [ROWS, COLS])), [0, 0], out)
    return out


def test_a_scope_named_after_its_jit_function():
    # PyPTO's kernels name their scope after the function (odd_rows: name_hint="odd_rows"); the
    # outlined kernel keeps the name and the entry becomes main.
    a = _rand((ROWS, COLS))
    out = np.zeros_like(a)
    result = run(named_like_its_scope, a, out, config=SIM)
    assert result.entry == "main"
    assert np.array_equal(out, -a)
    assert "def named_like_its_scope(" in str(result.lowered)


def test_check_of_a_tensor_level_program_says_its_kernel_was_not_converted():
    from conftest import TENSOR_PASSES
    from tilesplit import passes, sim

    if all(n in passes.pipelines()["default-pipeline"] for n in TENSOR_PASSES):
        pytest.skip("the tensor-level passes are in default-pipeline: the kernel is converted")
    result = sim.check(tensor_level.program(np.zeros((ROWS, COLS), np.float32),
                                            np.zeros((ROWS, COLS), np.float32),
                                            np.zeros((ROWS, COLS), np.float32)))
    assert "not split: kernel 'tensor_level_incore_0' still computes on tensors (tensor.add)" \
        in result.report, result.report


# ---- Dynamic dimensions (pl.dynamic) take the caller's extents.

ROWS_DYN = pl.dynamic("ROWS_DYN")
BLOCK = 16


@pl.program
class DynamicRows:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(self, x: pl.Tensor[[ROWS_DYN, COLS], pl.FP32], w: pl.Tensor[[COLS, COLS], pl.FP32],
             out: pl.Out[pl.Tensor[[ROWS_DYN, COLS], pl.FP32]]) -> pl.Tensor[[ROWS_DYN, COLS], pl.FP32]:
        for i in pl.range(ROWS_DYN // BLOCK):
            r0 = i * BLOCK
            with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
                xb = pl.slice(x, [BLOCK, COLS], [r0, 0])
                out = pl.assemble(out, pl.matmul(pl.exp(xb), w), [r0, 0])
        return out


@pytest.mark.parametrize("rows", [16, 48])
def test_dynamic_dimension_takes_the_callers_extent(rows):
    x, w = _rand((rows, COLS)), _rand((COLS, COLS), seed=1)
    out = np.zeros((rows, COLS), np.float32)
    result = run(DynamicRows, x, w, out, config=RunConfig(platform="a2a3sim", check=True))
    assert result.check_kind == "equal", result.check_report
    assert np.allclose(out, np.exp(x) @ w, rtol=1e-4, atol=1e-4)


def test_dynamic_dimension_passed_two_extents_is_located():
    with pytest.raises(UserError) as e:
        run(DynamicRows, _rand((32, COLS)), _rand((COLS, COLS)), np.zeros((16, COLS), np.float32),
            config=SIM)
    text = _located(e.value, "the dynamic dimension 'ROWS_DYN'")
    assert "gives 32" in text and "agree on 'ROWS_DYN'" in text


@pl.jit.inline
def doubled(a: pl.Tensor, out: pl.Out[pl.Tensor]):
    out[:] = pl.add(a, a)
    return out


def test_jit_inline_called_directly_runs_as_the_entry():
    # inline-functions copies an Inline function into its callers; called directly it has none,
    # and runs as the entry (it was an internal error: "the lowered program lost its entry").
    a = _rand((16, 16))
    out = np.zeros_like(a)
    doubled(a, out, config=SIM)
    assert np.array_equal(out, a + a)


@pl.jit
def accumulate(x: pl.Tensor, out: pl.InOut[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP):
        out[:] = pl.add(out, x)
    return out


def test_jit_read_modify_write_of_an_inout_reaches_the_callers_tensor():
    x = np.ones((16, 32), dtype=np.float32)
    out = np.full((16, 32), 5.0, dtype=np.float32)
    accumulate(x, out, config=SIM)
    assert np.array_equal(out, np.full((16, 32), 6.0, dtype=np.float32))


def test_jit_runconfig_check_runs_the_check(monkeypatch):
    import tilesplit.runtime as rt

    seen = []
    real = rt.run_program

    def spy(program, args, platform="a2a3sim", *, lower=True, check=False):
        seen.append(check)
        return real(program, args, platform, lower=lower, check=check)

    monkeypatch.setattr(rt, "run_program", spy)
    x = np.ones((16, 32), dtype=np.float32)
    out = np.full((16, 32), 5.0, dtype=np.float32)
    accumulate(x, out, config=RunConfig(platform="a2a3sim", check=True))
    accumulate(x, out, config=SIM)
    assert seen == [True, False]


def test_jit_runconfig_field_without_meaning_on_the_simulator_warns_by_name():
    x = np.ones((16, 32), dtype=np.float32)
    out = np.zeros((16, 32), dtype=np.float32)
    with pytest.warns(UserWarning, match=r"RunConfig\(enable_chip_swimlane=True\) has no effect"):
        accumulate(x, out, config=RunConfig(platform="a2a3sim", enable_chip_swimlane=True))


def test_jit_call_missing_a_tensor_is_a_type_error_naming_it():
    with pytest.raises(TypeError, match=r"accumulate\(\) missing 1 required tensor argument: 'out'"):
        accumulate(np.ones((16, 32), dtype=np.float32))


def test_jit_call_with_a_list_for_a_tensor_is_a_type_error_naming_it():
    with pytest.raises(TypeError, match=r"parameter 'out' is a pl.Tensor without a shape.*not list"):
        accumulate(np.ones((16, 32), dtype=np.float32), [1.0, 2.0])
