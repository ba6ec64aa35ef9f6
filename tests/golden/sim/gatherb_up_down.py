import pypto.language as pl

# gatherb's src is an index-addressed source: the table stays whole while each lane gathers with
# its half of the offset rows. Offsets are the random integers 0..15 times 32, so every one names
# an aligned 32-byte block inside the 4096-byte table.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def gb(qk: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc], src: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec],
       idx: pl.Tensor[[16, 8], pl.UINT32], out_0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    i = pl.tile.load(idx, [0, 0], [16, 8], target_memory=pl.Mem.Vec)
    offsets = pl.tile.muls(i, 32)
    picked = pl.tile.gatherb(src, offsets)
    s = pl.add(picked, v)
    return pl.store(s, [0, 0], out_0)
