import pypto.language as pl


# A split function whose scratch tile stays full width, next to a pure-vector one left unsplit.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def mixed(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], bias: pl.Tile[[1, 128], pl.FP32, pl.Mem.Vec],
          out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    row = pl.exp(bias)
    scratch = pl.tile.create([128, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    y = pl.add(popped, popped)
    return pl.store(y, [0, 0], out_0)


@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def vec_only(a: pl.Tensor[[128, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    x = pl.load(a, [0, 0], [128, 128], target_memory=pl.Mem.Vec)
    return pl.store(x, [0, 0], out_0)
