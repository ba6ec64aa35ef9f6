import pypto.language as pl

# tile.reinterpret_view over a full-width source is built whole and each lane slices its half.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def view(qk: pl.Tile[[64, 128], pl.FP32, pl.Mem.Acc], raw: pl.Tile[[64, 128], pl.INT32, pl.Mem.Vec],
         out_0: pl.Out[pl.Tensor[[64, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    f = pl.tile.reinterpret_view(raw, dtype=pl.FP32)
    s = pl.add(popped, f)
    return pl.store(s, [0, 0], out_0)
