import pypto.language as pl

# A split extension (reject_gather_halved_table is the spec's refusal): tile.gather reads its
# table at absolute indices, which a lane's half does not hold. The table comes back whole and
# each lane gathers from it.

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def g(qk: pl.Tile[[256, 128], pl.FP32, pl.Mem.Acc], tbl: pl.Tensor[[256, 128], pl.FP32],
      indices: pl.Tile[[256, 128], pl.INT32, pl.Mem.Vec], out_0: pl.Out[pl.Tensor[[256, 128], pl.FP32]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    src = pl.tile.load(tbl, [0, 0], [256, 128], target_memory=pl.Mem.Vec)
    tmp = pl.tile.create([256, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    picked = pl.tile.gather(src, indices, tmp)
    return pl.store(v, [0, 0], out_0)
