import pypto.language as pl

# The single-list sort merges each group of four blocks across the row: a lane holding half the
# columns would merge only its own blocks. The record declares every axis combined, so without
# the split extensions the column split is refused where the sort stands.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def k(qk: pl.Tile[[1, 256], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[1, 256], pl.FP32]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    s = pl.tile.mrgsort(v, block_len=64)
    return pl.store(s, [0, 0], out_0)
