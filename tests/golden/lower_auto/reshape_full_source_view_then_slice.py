import pypto.language as pl

# A view over a full-width source stays whole; each lane then slices its own half.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def view(qk: pl.Tile[[64, 128], pl.FP32, pl.Mem.Acc], flat: pl.Tile[[1, 8192], pl.FP32, pl.Mem.Vec],
         out_0: pl.Out[pl.Tensor[[64, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    grid = pl.tile.reshape(flat, [64, 128])
    s = pl.add(popped, grid)
    return pl.store(s, [0, 0], out_0)
