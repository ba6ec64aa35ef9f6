import pypto.language as pl

# gather's src is IndexAddressedSource: the table stays whole and the halved indices give each
# lane its half of the output.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def g(qk: pl.Tile[[256, 128], pl.FP32, pl.Mem.Acc], src: pl.Tile[[256, 128], pl.FP32, pl.Mem.Vec],
      idx: pl.Tensor[[256, 128], pl.INT32], out_0: pl.Out[pl.Tensor[[256, 128], pl.FP32]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    indices = pl.tile.load(idx, [0, 0], [256, 128], target_memory=pl.Mem.Vec)
    tmp = pl.tile.create([256, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    picked = pl.tile.gather(src, indices, tmp)
    s = pl.add(picked, v)
    return pl.store(s, [0, 0], out_0)
