import pypto.language as pl

# odd_gather_padded_left_right_partial with --split-extensions=off: the spec's refusal of an odd
# vector->cube box, unchanged.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def vc(a: pl.Tensor[[32, 17], pl.FP32], l: pl.Tile[[16, 32], pl.FP32, pl.Mem.Left], out_0: pl.Out[pl.Tensor[[16, 17], pl.FP32]]):
    x = pl.load(a, [0, 0], [32, 17], [32, 13], target_memory=pl.Mem.Vec)
    y = pl.exp(x)
    g = pl.tile.move(y, target_memory=pl.Mem.Mat)
    r = pl.tile.move(g, target_memory=pl.Mem.Right)
    c = pl.matmul(l, r)
    o = pl.store(c, [0, 0], out_0)
    return o
