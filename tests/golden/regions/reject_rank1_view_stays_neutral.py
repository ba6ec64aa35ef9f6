import pypto.language as pl

# A rank-1 load and a full reshape view over it may stage a lane-local slice (accepted), but are
# no half-width fact themselves: computing on the view directly is full width.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], flat: pl.Tensor[[16384], pl.FP32],
      out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(acc)
        line = pl.load(flat, [0], [16384], target_memory=pl.Mem.Vec)
        grid = pl.tile.reshape(line, [128, 128])
        mine = pl.tile.slice(grid, [64, 128], [aiv_id * 64, 0])
        y = pl.add(h, mine)
        bad = pl.exp(grid)
        o = pl.store(y, [aiv_id * 64, 0], out_0)
    return o
