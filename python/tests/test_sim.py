"""tilesplit.sim: running kernels on numpy arrays and checking split programs."""

import pytest

import tilesplit
import tilesplit.language as pl
from tilesplit import sim

np = pytest.importorskip("numpy")
pytestmark = pytest.mark.skipif(not sim.available(), reason="built without the simulator")


@pl.function(type=pl.FunctionType.InCore)
def double(a: pl.Tensor[[16, 32], pl.FP32], out_0: pl.Out[pl.Tensor[[16, 32], pl.FP32]]):
    x = pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Vec)
    y = pl.add(x, x)
    return pl.store(y, [0, 0], out_0)


@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def mixed(a: pl.Tensor[[128, 128], pl.FP32], b: pl.Tile[[128, 128], pl.FP32, pl.Mem.Right],
          out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    x = pl.load(a, [0, 0], [128, 128], target_memory=pl.Mem.Vec)
    y = pl.add(x, x)
    g = pl.tile.move(y, target_memory=pl.Mem.Left)
    c = pl.matmul(g, b)
    o = pl.tile.move(c, target_memory=pl.Mem.Vec)
    return pl.store(o, [0, 0], out_0)


def test_run_takes_and_returns_numpy_arrays():
    a = np.arange(16 * 32, dtype=np.float32).reshape(16, 32)
    out = sim.run(double, {"a": a})
    assert set(out) == {"out_0"}
    assert out["out_0"].dtype == np.float32 and out["out_0"].shape == (16, 32)
    np.testing.assert_array_equal(out["out_0"], a + a)


def test_run_converts_other_numeric_dtypes():
    a = np.ones((16, 32), dtype=np.float64)
    np.testing.assert_array_equal(sim.run(double, {"a": a})["out_0"], np.full((16, 32), 2.0))


def test_run_rejects_a_wrong_shape_naming_the_parameter():
    with pytest.raises(tilesplit.UserError, match="'a'"):
        sim.run(double, {"a": np.ones((4, 4), np.float32)})


def test_run_rejects_an_unknown_parameter():
    with pytest.raises(tilesplit.UserError, match="no parameter 'nope'"):
        sim.run(double, {"nope": np.ones((16, 32), np.float32)})


def test_check_a_mixed_kernel_against_its_split():
    result = sim.check(mixed)
    assert result, result.report
    assert result.kind == "equal" and result.compared > 0
    assert result.kernels == [("mixed", "equal")]


def test_check_needs_an_incore_kernel():
    @pl.function
    def opaque(a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        return a

    with pytest.raises(ValueError, match="no InCore function"):
        sim.check(opaque)
