import pypto.language as pl

# A split mode on a kernel with no vector work: there is nothing to share between the lanes,
# and the report says so.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def mm(a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32],
       out_0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    am = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
    bm = pl.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
    al = pl.tile.move(am, target_memory=pl.Mem.Left)
    br = pl.tile.move(bm, target_memory=pl.Mem.Right)
    c = pl.matmul(al, br)
    return pl.store(c, [0, 0], out_0)
