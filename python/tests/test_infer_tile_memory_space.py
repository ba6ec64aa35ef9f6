"""infer-tile-memory-space through the pypto surface (docs/infer-tile-memory-space.md): a
decorated program may break the memory contract before the pass; the pass legalizes it along the
declared data paths, rejects what no path can serve with a located error, and is idempotent."""

import pytest

import tilesplit
import pypto.language as pl
from pypto import ir, passes


def _infer(program):
    return passes.infer_tile_memory_space()(program)


def test_acc_operand_reaches_left_through_mat():
    """No single data path leads from Acc to Left: the move chain goes through Mat."""

    @pl.program
    class P:
        @pl.function(type=pl.FunctionType.InCore)
        def k(self, x: pl.Tensor[[16, 16], pl.FP32], y: pl.Tensor[[16, 16], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
            xt = pl.tile.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
            yt = pl.tile.load(y, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
            a = pl.tile.matmul(xt, yt)
            b = pl.tile.matmul(a, yt)
            out = pl.tile.store(b, [0, 0], out)
            return out

    text = ir.python_print(_infer(P))
    assert "a_M: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.move(a, target_memory=pl.Mem.Mat)" in text
    assert "a_M_L: pl.Tile[[16, 16], pl.FP32, pl.Mem.Left] = pl.tile.move(a_M, target_memory=pl.Mem.Left)" in text
    assert "pl.tile.matmul(a_M_L, yt_R)" in text


def test_acc_to_vec_move_states_the_nd_layout():
    @pl.program
    class P:
        @pl.function(type=pl.FunctionType.InCore)
        def k(self, x: pl.Tensor[[16, 16], pl.BF16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]
              ) -> pl.Tensor[[16, 16], pl.FP32]:
            xt = pl.tile.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
            a = pl.tile.matmul(xt, xt)
            e = pl.tile.exp(a)
            out = pl.tile.store(e, [0, 0], out)
            return out

    text = ir.python_print(_infer(P))
    assert ("pl.tile.move(a, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, "
            "slayout=pl.TileLayout.none_box)") in text
    # One move of xt per operand space, reused by both slots that need it.
    assert text.count("pl.tile.move(xt, target_memory=pl.Mem.Left)") == 1
    assert text.count("pl.tile.move(xt, target_memory=pl.Mem.Right)") == 1


def test_a_left_tile_cannot_be_stored():
    """Nothing leaves Left (the cube reads it in place): a located rejection, not a move."""

    @pl.program
    class P:
        @pl.function(type=pl.FunctionType.InCore)
        def k(self, x: pl.Tensor[[16, 128], pl.BF16], out: pl.Out[pl.Tensor[[16, 128], pl.BF16]]
              ) -> pl.Tensor[[16, 128], pl.BF16]:
            xt = pl.tile.load(x, [0, 0], [16, 128], target_memory=pl.Mem.Mat)
            xl = pl.tile.move(xt, target_memory=pl.Mem.Left)
            out = pl.tile.store(xl, [0, 0], out)
            return out

    with pytest.raises(tilesplit.UserError) as info:
        _infer(P)
    text = str(info.value)
    assert "test_infer_tile_memory_space.py:" in text
    assert "tile.store reads argument 'tile' from Vec, but 'xl' lives in Left" in text
    assert "no data path leads from there" in text


def test_pass_is_idempotent_and_verifies():
    @pl.program
    class P:
        @pl.function(type=pl.FunctionType.InCore)
        def k(self, x: pl.Tensor[[16, 16], pl.BF16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]
              ) -> pl.Tensor[[16, 16], pl.FP32]:
            acc0 = pl.tile.create([16, 16], dtype=pl.FP32)
            xt = pl.tile.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
            for i, (acc,) in pl.range(0, 2, 1, init_values=(acc0,)):
                nxt = pl.tile.matmul_acc(acc, xt, xt)
                r = pl.yield_(nxt)
            out = pl.tile.store(r, [0, 0], out)
            return out

    once = _infer(P)
    ir.assert_structural_equal(_infer(once), once)
    tilesplit._core.verify_property("TileMemoryInferred", once)
    assert "pl.tile.create([16, 16], dtype=pl.FP32, target_memory=pl.Mem.Acc)" in ir.python_print(once)


def test_the_contract_is_checked_at_the_next_pass_when_the_inference_is_skipped():
    @pl.program
    class P:
        @pl.function(type=pl.FunctionType.InCore)
        def k(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]
              ) -> pl.Tensor[[16, 16], pl.FP32]:
            xt = pl.tile.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
            out = pl.tile.store(xt, [0, 0], out)
            return out

    with pytest.raises(tilesplit.UserError, match="TileMemoryInferred in 'k'"):
        tilesplit._core.verify_property("TileMemoryInferred", P)
