import pypto.language as pl

# tile.full halves its shape argument; tile.create is SHARED scratch and stays whole; a load with
# a singleton split dim is a broadcast read and stays whole too; tile.ci over [1, N] is fine
# under UP_DOWN.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def gens(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], bias: pl.Tensor[[1, 128], pl.FP32],
         out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]], out_1: pl.Out[pl.Tensor[[1, 128], pl.INT32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    z = pl.tile.full([128, 128], dtype=pl.FP32, value=1.0)
    scratch = pl.tile.create([128, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    b = pl.load(bias, [0, 0], [1, 128], target_memory=pl.Mem.Vec)
    s = pl.add(popped, z)
    t = pl.add(s, b)
    idx = pl.tile.ci(0, [1, 128], dtype=pl.INT32)
    o1 = pl.store(idx, [0, 0], out_1)
    return pl.store(t, [0, 0], out_0)
