import pypto.language as pl

# Under the no-split dual dispatch lane 1 computes no tiles, so a dual-dispatched AIV function
# that returns a tile it computes cannot be replayed: split-vector-kernel refuses it.
@pl.function(type=pl.FunctionType.AIV, attrs={"dual_aiv_dispatch": True})
def k_aiv(a: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec]:
    t = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
    s = pl.add(t, t)
    pl.tpush_to_aic(s, split=0)
    return s
