import pypto.language as pl

# An explicit UP_DOWN region over a crossing whose valid rows are a runtime scalar: the full
# box is widened on the cube side before the region, popped (8 and 8 rows) and narrowed to each
# lane's extent right after the shard (defect 26).
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def k(n: pl.Scalar[pl.INDEX],
      acc: pl.Tile[[16, 32], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[n, 32])],
      out_0: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
    for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h: pl.Tile[[8, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[pl.min(pl.max(n, lane * 8) - lane * 8, 8), 32])] = pl.tile.aiv_shard(acc)
        y = pl.tile.neg(h)
        out_0 = pl.tile.store(y, [lane * 8, 0], out_0)
    return out_0
