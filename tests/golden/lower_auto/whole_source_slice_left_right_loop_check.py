import pypto.language as pl

# A split extension under LEFT_RIGHT: the window's column offset 4 * i is known only at run time,
# so no lane can tell which band it falls in. The exp of the cube result crosses back whole once
# per iteration, and each lane takes its half of the 8-column window from the whole tile.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def lr(qk: pl.Tile[[16, 32], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]):
    x = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    e = pl.exp(x)
    for i in pl.range(4):
        w = pl.tile.slice(e, [16, 8], [0, i * 4])
        out = pl.store(w, [0, i * 8], out)
    return out
