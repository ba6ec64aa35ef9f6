# Found by tilesplit fuzz (seed 201, case 625): a row_sum of a [1, 1] tile.full under LEFT_RIGHT.
# The halving keeps the singleton generator whole on each lane, so its row_sum is exact; the
# AivSplitLoweredValid check (b) after the pass refused it as a partial result of the split axis.
# Check (b) now asks, as the halving does, whether the reduced operand holds a lane's part.
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def kernel(q1: pl.Tile[[1, 2], pl.FP32, pl.Mem.Acc], out18: pl.Out[pl.Tensor[[1, 1], pl.FP32]]):
    v0 = pl.tile.move(q1, target_memory=pl.Mem.Vec)
    g7 = pl.tile.full([1, 1], dtype=pl.FP32, value=-2.5)
    tmp9 = pl.tile.create([1, 1], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    red10 = pl.tile.row_sum(g7, tmp9)
    e16 = pl.tile.fillpad(red10)
    o19 = pl.store(e16, [0, 0], out18)
    return o19
