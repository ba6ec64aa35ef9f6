import pypto.language as pl

# A view over a full-width source is followed by a per-lane slice, which needs a static half:
# a dynamic split extent is rejected rather than halved blindly.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def view(n: pl.Scalar[pl.INDEX], qk: pl.Tile[[64, 128], pl.FP32, pl.Mem.Acc],
         flat: pl.Tile[[1, 8192], pl.FP32, pl.Mem.Vec], out_0: pl.Out[pl.Tensor[[64, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    grid = pl.tile.reshape(flat, [n, 128])
    return pl.store(popped, [0, 0], out_0)
