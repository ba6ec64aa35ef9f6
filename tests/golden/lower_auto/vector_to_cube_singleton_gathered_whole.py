import pypto.language as pl

# A value whose split dimension is a singleton is never halved: both lanes hold it whole, and the
# cube takes it once through a split=0 gather.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def vc(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], bias: pl.Tensor[[1, 128], pl.FP32],
       out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    b = pl.load(bias, [0, 0], [1, 128], target_memory=pl.Mem.Vec)
    g = pl.tile.move(b, target_memory=pl.Mem.Mat)
    return pl.store(popped, [0, 0], out_0)
