import pypto.language as pl

# row_sum's tmp_tile is declared Scratch: a full-width tile.create scratch beside a halved input
# is in contract ([128, 128] x [256, 128] -> [128, 1]).
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def rms(qk: pl.Tile[[256, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[256, 1], pl.FP32]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    scratch = pl.tile.create([256, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    sums = pl.tile.row_sum(v, scratch)
    return pl.store(sums, [0, 0], out_0)
