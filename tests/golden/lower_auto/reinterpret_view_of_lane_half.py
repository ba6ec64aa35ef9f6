import pypto.language as pl

# A reinterpretation without a shape of a per-lane half (FP32 [8, 16] per lane -> INT16 [8, 32]): the
# result is deduced from the halved operand and stays split on the same axis.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def ri(qk: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], a: pl.Tensor[[16, 16], pl.FP32],
       out_0: pl.Out[pl.Tensor[[16, 32], pl.INT16]], out_1: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    x = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
    s = pl.add(popped, x)
    t = pl.tile.reinterpret_view(x, dtype=pl.INT16)
    o = pl.store(t, [0, 0], out_0)
    o1 = pl.store(s, [0, 0], out_1)
    return o, o1
