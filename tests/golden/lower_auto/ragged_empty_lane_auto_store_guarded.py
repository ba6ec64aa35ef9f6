import pypto.language as pl

# AUTO, 8 of 16 rows next to an independent load (so the box partition stays): lane 1's extent
# is 0. The spec leaves the AUTO arm's store unguarded; a zero-row store is outside the store's
# contract, and the re-read output would be guarded by a second lowering, so the AUTO arm lowers
# its region like a hand-written one and guards the store (docs/spec-coverage.md).
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def ragged(qk: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[8, 128])],
           bias: pl.Tensor[[16, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    b = pl.load(bias, [0, 0], [16, 128], target_memory=pl.Mem.Vec)
    s = pl.add(popped, b)
    o = pl.store(s, [0, 0], out_0)
    return o
