import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def vc(a: pl.Tensor[[128, 128], pl.FP32], b: pl.Tile[[128, 128], pl.FP32, pl.Mem.Right],
       out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    x = pl.load(a, [0, 0], [128, 128], target_memory=pl.Mem.Vec)
    y = pl.add(x, x)
    g = pl.tile.move(y, target_memory=pl.Mem.Left)
    c = pl.matmul(g, b)
    o = pl.tile.move(c, target_memory=pl.Mem.Vec)
    return pl.store(o, [0, 0], out_0)
