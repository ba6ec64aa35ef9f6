import pypto.language as pl

# A function-level AUTO split and explicit regions in one scope are mutually exclusive: the parser
# refuses it (outline-incore-scopes does too, for IR built by hand:
# python/tests/test_front_passes.py).
@pl.function
def k(acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            h = pl.aiv_shard(acc)
            o = pl.store(h, [aiv_id * 64, 0], out_0)
    return o
