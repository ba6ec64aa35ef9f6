import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(a: pl.Tensor[[128, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        x: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [aiv_id * 64, 0], [64, 128], [64, 128], target_memory=pl.Mem.Vec)
        y: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.exp(x)
        o: pl.Tensor[[128, 128], pl.FP32] = pl.tile.store(y, [aiv_id * 64, 0], out_0)
    pl.system.syncall(core_type="aiv_only")
    return o
