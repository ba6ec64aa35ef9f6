import pypto.language as pl

# After decomposition, tile.tquant_mx_raw needs its [1, groups] scratch to match a count derived
# from src; the scratch was sized at full width (and its singleton dim 0 keeps it whole), so the
# operator refuses the per-lane operands and the message quotes it.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def q(qk: pl.Tile[[32, 64], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[32, 64], pl.FP32]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    scratch = pl.tile.create([1, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    r = pl.tile.tquant_mx_raw(v, scratch)
    return pl.store(v, [0, 0], out_0)
