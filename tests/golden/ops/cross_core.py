# Cross-core boundary ops, the lane index and the transport ops (ops.md 2.10, 5).
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def boundary(acc: pl.Tile[[17, 128], pl.FP32, pl.Mem.Acc],
             part: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[13, 128])],
             ub: pl.Tile[[8, 64], pl.FP16, pl.Mem.Vec]):
    h0 = pl.aiv_shard(acc, split=1)
    h1 = pl.tile.aiv_shard(part, split=pl.SplitMode.UP_DOWN, lane_stride=7)
    h2 = pl.tile.aiv_shard(acc, split=0)
    h3 = pl.tile.aiv_shard(part, split=2)
    j0 = pl.aic_gather(ub, split=1)
    j1 = pl.tile.aic_gather(ub, split=pl.SplitMode.LEFT_RIGHT)
    j2 = pl.tile.aic_gather(ub, split=0)
    return h0, h1, h2, h3, j0, j1, j2


@pl.function(type=pl.FunctionType.InCore)
def region(acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc],
           out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(acc)
        y = pl.exp(h)
        o = pl.store(y, [lane * 64, 0], out_0)
    return o


@pl.function(type=pl.FunctionType.AIC)
def cube_side(acc: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc]):
    pl.tile.tpush_to_aiv(acc, split=3, lane_stride=8)
    pl.tile.tpush_to_aiv(acc, split=1, id=2)
    back: pl.Tile[[16, 128], pl.FP16, pl.Mem.Mat] = pl.tile.tpop_from_aiv(split=1)
    pl.system.tfree_to_aiv(back, split=1)
    return back


@pl.function(type=pl.FunctionType.AIV)
def vector_side(ub: pl.Tile[[8, 128], pl.FP16, pl.Mem.Vec]):
    lane = pl.tile.get_subblock_idx()
    got: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=3, lane_stride=8)
    again: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1, id=2)
    pl.system.tfree_to_aic(got, split=3)
    pl.system.tfree_to_aic(again, split=1, id=2)
    pl.tile.tpush_to_aic(ub, split=1)
    return lane


# The tensor-level boundary: a rank-2 tensor split like a tile (no valid extent, no memory).
@pl.function(type=pl.FunctionType.Orchestration)
def tensor_boundary(a: pl.Tensor[[512, 128], pl.FP32], b: pl.Tensor[[128, 511], pl.FP32]):
    s0 = pl.tensor.aiv_shard(a, split=1)
    s1 = pl.tensor.aiv_shard(b, split=pl.SplitMode.LEFT_RIGHT)
    s2 = pl.tensor.aiv_shard(a, split=0)
    g0 = pl.tensor.aic_gather(b, split=2)
    g1 = pl.tensor.aic_gather(a, split=0)
    for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(a)
        j = pl.aic_gather(h)
    return s0, s1, s2, g0, g1
