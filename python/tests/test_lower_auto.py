"""The spec's LowerAutoVectorSplit examples as Python kernels, lowered from Python and compared
with expected programs that are Python kernels too."""

import pytest

import tilesplit
import tilesplit.language as pl
from tilesplit import passes
from tilesplit.ir import assert_structural_equal

from conftest import column_of, marker_line

ROWS = 128
HALF = ROWS // 2

lower = passes.lower_auto_vector_split


def lowered(program):
    with passes.PassContext([passes.RoundTrip(), passes.VerifyProperties()]):
        return lower()(program)


# ---- Cube -> vector, UP_DOWN (the spec's first example).


def up_down():
    @pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
    def split_auto(qk: pl.Tile[[ROWS, 128], pl.FP32, pl.Mem.Mat],
                   out_0: pl.Out[pl.Tensor[[ROWS, 128], pl.FP32]]):
        popped: pl.Tile[[ROWS, 128], pl.FP32, pl.Mem.Vec] = pl.tile.move(
            qk, target_memory=pl.Mem.Vec)
        y: pl.Tile[[ROWS, 128], pl.FP32, pl.Mem.Vec] = pl.add(popped, popped)
        return pl.store(y, [0, 0], out_0)

    return split_auto


def up_down_expected():
    @pl.function(type=pl.FunctionType.InCore,
                 attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
    def split_auto(qk: pl.Tile[[ROWS, 128], pl.FP32, pl.Mem.Mat],
                   out_0: pl.Out[pl.Tensor[[ROWS, 128], pl.FP32]]
                   ) -> pl.Tensor[[ROWS, 128], pl.FP32]:
        subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        popped: pl.Tile[[HALF, 128], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk, split=1)
        y: pl.Tile[[HALF, 128], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)] = pl.tile.add(popped, popped)
        return pl.tile.store(y, [0 + subblock_idx * HALF, 0], out_0)

    return split_auto


def test_spec_cube_to_vector_up_down():
    result = lowered(up_down())
    assert_structural_equal(result, up_down_expected())
    f = result.functions[0]
    assert f.attrs["split_aiv"] is True
    shard = f.statements[1].value
    assert shard.op_name == "tile.aiv_shard" and shard.kwargs == {"split": 1}
    assert shard.type.shape == [64, 128]


def test_the_input_is_not_changed():
    program = up_down()
    before = program.as_python()
    lower()(program)
    assert program.as_python() == before
    assert "split_aiv" not in program.functions[0].attrs


# ---- Cube -> vector, LEFT_RIGHT.


def left_right():
    @pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
    def split_auto(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Mat],
                   out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
        popped: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.move(
            qk, target_memory=pl.Mem.Vec)
        y: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.add(popped, popped)
        return pl.store(y, [0, 0], out_0)

    return split_auto


def left_right_expected():
    @pl.function(type=pl.FunctionType.InCore,
                 attrs={"split": pl.SplitMode.LEFT_RIGHT, "split_aiv": True})
    def split_auto(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Mat],
                   out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]
                   ) -> pl.Tensor[[128, 128], pl.FP32]:
        subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        popped: pl.Tile[[128, 64], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk, split=2)
        y: pl.Tile[[128, 64], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)] = pl.tile.add(popped, popped)
        return pl.tile.store(y, [0, 0 + subblock_idx * 64], out_0)

    return split_auto


def test_spec_cube_to_vector_left_right():
    assert_structural_equal(lowered(left_right()), left_right_expected())


# ---- Vector -> cube: the gather (spec: "The gather result is Mat, not Vec").


def gather_up_down():
    @pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
    def vc(a: pl.Tensor[[160, 128], pl.FP32],
           out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
        x = pl.load(a, [32, 0], [128, 128], target_memory=pl.Mem.Vec)
        y = pl.sub(x, x)
        gathered: pl.Tile[[128, 128], pl.FP32, pl.Mem.Mat] = pl.tile.move(
            y, target_memory=pl.Mem.Mat)
        left = pl.tile.move(gathered, target_memory=pl.Mem.Left)
        right = pl.tile.move(gathered, target_memory=pl.Mem.Right)
        c = pl.matmul(left, right)
        o = pl.tile.move(c, target_memory=pl.Mem.Vec)
        return pl.store(o, [0, 0], out_0)

    return vc


def gather_up_down_expected():
    @pl.function(type=pl.FunctionType.InCore,
                 attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
    def vc(a: pl.Tensor[[160, 128], pl.FP32],
           out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]
           ) -> pl.Tensor[[128, 128], pl.FP32]:
        subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        x: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(
            a, [32 + subblock_idx * 64, 0], [64, 128], [64, 128], target_memory=pl.Mem.Vec)
        y: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.sub(x, x)
        gathered_mat: pl.Tile[[128, 128], pl.FP32, pl.Mem.Mat] = pl.tile.aic_gather(y, split=1)
        gathered: pl.Tile[[128, 128], pl.FP32, pl.Mem.Mat] = pl.tile.move(
            gathered_mat, target_memory=pl.Mem.Mat)
        left: pl.Tile[[128, 128], pl.FP32, pl.Mem.Left] = pl.tile.move(
            gathered, target_memory=pl.Mem.Left)
        right: pl.Tile[[128, 128], pl.FP32, pl.Mem.Right] = pl.tile.move(
            gathered, target_memory=pl.Mem.Right)
        c: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(left, right)
        o: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(c, split=1)
        return pl.tile.store(o, [0 + subblock_idx * 64, 0], out_0)

    return vc


def test_vector_to_cube_gather_up_down():
    result = lowered(gather_up_down())
    assert_structural_equal(result, gather_up_down_expected())
    gather = result.functions[0].statements[3].value
    assert gather.op_name == "tile.aic_gather"
    assert gather.type.memory == tilesplit.ir.MemorySpace.Mat


# ---- The spec's ragged 13-of-16 example: the balanced partition gives lanes 7 and 6.

VALID = 13


def ragged():
    @pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
    def ragged(qk: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[VALID, 128])],
               out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
        popped: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[VALID, 128])] = \
            pl.tile.move(qk, target_memory=pl.Mem.Vec)
        out_store = pl.tile.store(popped, [0, 0], out_0)
        return out_store

    return ragged


def ragged_expected():
    @pl.function(type=pl.FunctionType.InCore,
                 attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
    def ragged(
            qk: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[VALID, 128])],
            out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
        subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        popped: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec, pl.TileView(
            valid_shape=[pl.min(pl.max(VALID, subblock_idx * 7) - subblock_idx * 7, 7), 128])] = \
            pl.tile.aiv_shard(qk, split=1, lane_stride=7)
        out_store: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(
            popped, [0 + subblock_idx * 7, 0], out_0)
        return out_store

    return ragged


def test_spec_ragged_13_of_16_rebalanced():
    result = lowered(ragged())
    assert_structural_equal(result, ragged_expected())
    popped = result.functions[0].statements[1].var
    assert popped.type.shape == [8, 128]
    assert isinstance(popped.type.valid_shape[0], tilesplit.ir.Expr)  # per-lane, dynamic


# ---- A program class: only the qualifying function is rewritten.


@pl.program
class Mixed:
    @pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
    def split_auto(self, qk: pl.Tile[[ROWS, 128], pl.FP32, pl.Mem.Mat],
                   out_0: pl.Out[pl.Tensor[[ROWS, 128], pl.FP32]]):
        popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
        y = pl.add(popped, popped)
        return pl.store(y, [0, 0], out_0)

    @pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
    def vec_only(self, a: pl.Tensor[[128, 128], pl.FP32],
                 out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
        x = pl.load(a, [0, 0], [128, 128], target_memory=pl.Mem.Vec)
        y = pl.exp(x)
        return pl.store(y, [0, 0], out_0)


@pl.program
class MixedExpected:
    @pl.function(type=pl.FunctionType.InCore,
                 attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
    def split_auto(self, qk: pl.Tile[[ROWS, 128], pl.FP32, pl.Mem.Mat],
                   out_0: pl.Out[pl.Tensor[[ROWS, 128], pl.FP32]]
                   ) -> pl.Tensor[[ROWS, 128], pl.FP32]:
        subblock_idx = pl.tile.get_subblock_idx()
        # The shard takes its own deduced type (no view); the consumer keeps the col-major
        # view its declaration had before the split, with only the rows halved.
        popped = pl.tile.aiv_shard(qk, split=1)
        y: pl.Tile[[HALF, 128], pl.FP32, pl.Mem.Vec, pl.TileView(
            blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)] = \
            pl.tile.add(popped, popped)
        return pl.tile.store(y, [0 + subblock_idx * HALF, 0], out_0)

    @pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
    def vec_only(self, a: pl.Tensor[[128, 128], pl.FP32],
                 out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
        x = pl.load(a, [0, 0], [128, 128], target_memory=pl.Mem.Vec)
        y = pl.exp(x)
        return pl.store(y, [0, 0], out_0)


def test_program_class_only_mixed_function_is_lowered():
    assert Mixed.name == "Mixed"
    result = lowered(Mixed)
    # Program names differ (Mixed vs MixedExpected); compare function by function.
    for name in ("split_auto", "vec_only"):
        assert_structural_equal(result.function(name), MixedExpected.function(name))
    assert "split_aiv" not in result.function("vec_only").attrs


# ---- Rejections point at the line of this file.


def test_reject_if_branches_disagree_points_at_the_if():
    @pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
    def merge(qk: pl.Tile[[128, 64], pl.FP32, pl.Mem.Acc],
              full: pl.Tile[[128, 64], pl.FP32, pl.Mem.Vec],
              flag: pl.Scalar[pl.INDEX], out_0: pl.Out[pl.Tensor[[128, 64], pl.FP32]]):
        popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
        if flag > 0:  # if-disagree
            r = pl.yield_(popped)
        else:
            r = pl.yield_(full)
        return pl.store(r, [0, 0], out_0)

    with pytest.raises(tilesplit.UserError) as exc:
        lower()(merge)
    e = exc.value
    assert e.filename == __file__
    assert e.line == marker_line(__file__, "if-disagree")
    assert e.col == column_of(__file__, e.line, "if flag > 0")  # indentation restored
    assert any("per-lane" in n.message for n in e.notes)
    assert "branches of this if disagree on 'r'" in e.message
    assert e.rendered.startswith(f"{__file__}:{e.line}:{e.col}: error:")
    assert "if flag > 0:  # if-disagree" in e.rendered  # the file's own line, indentation kept


def test_reject_full_width_operand_points_at_the_add():
    @pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
    def split_auto(qk: pl.Tile[[256, 128], pl.FP32, pl.Mem.Acc],
                   vec: pl.Tile[[256, 128], pl.FP32, pl.Mem.Vec],
                   out_0: pl.Out[pl.Tensor[[256, 128], pl.FP32]]):
        popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
        vec_h = pl.tile.add(vec, vec)  # full-width-add
        s = pl.add(popped, vec_h)
        return pl.store(s, [0, 0], out_0)

    with pytest.raises(tilesplit.UserError) as exc:
        lower()(split_auto)
    assert exc.value.line == marker_line(__file__, "full-width-add")
    assert "full-width operand(s): 'vec'" in exc.value.message
