import pypto.language as pl

# An AIV function whose transfers carry a split but whose body nothing halved (no split_aiv):
# dispatched to both lanes it would run the whole body twice, on one lane it would take half of
# each transfer. split-vector-kernel refuses it.
@pl.function(type=pl.FunctionType.AIV, attrs={"split": pl.SplitMode.UP_DOWN})
def k_aiv(out: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    z: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tpop_from_aic(split=1)
    pl.tfree_to_aic(z, split=1)
    return pl.store(z, [0, 0], out)
