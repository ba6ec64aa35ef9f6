import pypto.language as pl

# scatter's dst is an AbsoluteIndexedDestination: its flat indices address the whole tile, so a
# halved destination is rejected (lane 1 would write the wrong rows).
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def sc(qk: pl.Tile[[256, 128], pl.FP32, pl.Mem.Acc], tbl: pl.Tensor[[256, 128], pl.FP32],
       idx: pl.Tile[[256, 128], pl.INT32, pl.Mem.Vec], out_0: pl.Out[pl.Tensor[[256, 128], pl.FP32]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    dst = pl.tile.load(tbl, [0, 0], [256, 128], target_memory=pl.Mem.Vec)
    w = pl.tile.scatter(dst, v, idx)
    return pl.store(w, [0, 0], out_0)
