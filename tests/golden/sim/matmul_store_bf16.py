# The cube's store converts the FP32 accumulator into the BF16 output (the fixpipe): split and
# reference round alike.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def mm(a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[32, 64], pl.FP32],
       out: pl.Out[pl.Tensor[[16, 64], pl.BF16]]):
    am = pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat)
    bm = pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat)
    al = pl.tile.move(am, target_memory=pl.Mem.Left)
    br = pl.tile.move(bm, target_memory=pl.Mem.Right)
    c = pl.tile.matmul(al, br)
    return pl.store(c, [0, 0], out)
