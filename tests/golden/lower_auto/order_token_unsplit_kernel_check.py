import pypto.language as pl

# A split extension for a mixed kernel left unsplit: the cube stores a @ b into out, then the
# vector side overwrites out with exp(x). Nothing crosses between the two stores, so the AIC's
# could land last; a token tile.move from the cube's memory to the vector side's, right before
# the vector store, makes AIV lane 0 wait for the cube (--split-extensions=off refuses it).
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.NONE})
def waw(a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32], x: pl.Tensor[[16, 16], pl.FP32],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    am = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
    bm = pl.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
    l = pl.tile.move(am, target_memory=pl.Mem.Left)
    r = pl.tile.move(bm, target_memory=pl.Mem.Right)
    p = pl.matmul(l, r)
    o1 = pl.store(p, [0, 0], out)
    v = pl.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
    e = pl.exp(v)
    o2 = pl.store(e, [0, 0], o1)
    return o2
