import pypto.language as pl

# Two values of the scope are read after it and one of them is a tuple: the call would return a
# tuple holding a tuple, which the DSL cannot write, so outlining asks for the elements instead.
@pl.function
def k(a: pl.Tensor[[64, 64], pl.FP32], out_0: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    t = pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Vec)
    with pl.at(level=pl.Level.CORE_GROUP):
        x = pl.add(t, t)
        pair = (x, t)
    y = pair[1]
    return pl.store(pl.sub(x, y), [0, 0], out_0)
