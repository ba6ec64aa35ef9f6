import pypto.language as pl

# A load whose split axis has extent 1 is a broadcast read: it stays [1, 128], and a value computed
# from it alone stays neutral too, so its store keeps the author's offset (no lane offset).
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def bcast(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], bias: pl.Tensor[[1, 128], pl.FP32],
          out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]], out_1: pl.Out[pl.Tensor[[1, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    b = pl.load(bias, [0, 0], [1, 128], target_memory=pl.Mem.Vec)
    e = pl.exp(b)
    o1 = pl.store(e, [0, 0], out_1)
    return pl.store(popped, [0, 0], out_0)
