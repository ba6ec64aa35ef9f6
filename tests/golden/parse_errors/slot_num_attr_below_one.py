import pypto.language as pl

# Found by `tilesplit fuzz --mutate tests/golden` (an internal error of --verify-roundtrip): a
# "slot_num" attr below 1 got past the front end and the split pass, and only the re-lowering of
# the pass's own output refused it. The front end now refuses it where it is written.
@pl.function(type=pl.FunctionType.InCore, attrs={"slot_num": -1, "split": pl.SplitMode.UP_DOWN})
def three(a: pl.Tile[[1, 1], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[1, 1], pl.FP32]]):
    x = pl.tile.move(a, target_memory=pl.Mem.Vec)
    return pl.store(x, [0, 0], out)
