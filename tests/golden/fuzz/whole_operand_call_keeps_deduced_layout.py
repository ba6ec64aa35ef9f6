# Found by `tilesplit fuzz --level tile --seed 120` (and 119): the split extensions compute the
# second transpose_view from the whole of e13 (gathered and shared back, in a plain tile's
# layout), but gave the call the original result's layout; read back, the parser deduced the
# column-major one and --verify-roundtrip failed (exit 3). The call now has the deduced type.
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def kernel(t2: pl.Tensor[[2, 2], pl.FP32], t18: pl.Tensor[[2, 2], pl.FP32], out24: pl.Out[pl.Tensor[[2, 2], pl.FP32]]):
    x3 = pl.load(t2, [0, 0], [2, 2], target_memory=pl.Mem.Vec)
    e13 = pl.tile.transpose_view(x3)
    e14 = pl.tile.transpose_view(e13)
    m19 = pl.load(t18, [0, 0], [2, 2], target_memory=pl.Mem.Mat)
    v20 = pl.tile.move(m19, target_memory=pl.Mem.Vec)
    o25 = pl.store(v20, [0, 0], out24)
    return o25
