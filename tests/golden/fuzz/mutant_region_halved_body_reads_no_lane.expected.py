import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f():
    for aiv in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        ub: pl.Tile[[4, 1], pl.BF16, pl.Mem.Vec] = pl.tile.full([4, 1], 0.0, dtype=pl.BF16)
