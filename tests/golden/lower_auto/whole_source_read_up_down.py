import pypto.language as pl

# A split extension (defects/16_tile_read_of_halved_tile is the spec's refusal): x[9, 3] lives in
# lane 1's band only. The source crosses to the cube and back whole, and both lanes read the
# element from the whole tile: the scalar is the same on both, as the broadcast needs.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def rd(qk: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    x = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    s = pl.tile.read(x, [9, 3])
    y = pl.tile.adds(x, s)
    return pl.store(y, [0, 0], out)
