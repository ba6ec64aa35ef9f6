import pypto.language as pl

# A CORE_GROUP scope holding regions becomes an InCore function stamped split_aiv; parameters
# are the scope's free variables, the result is the value the parent returns.
@pl.function
def attn(acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="attn_incore", optimizations=[pl.cross_core_slot(slot_num=4)]):
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            h = pl.aiv_shard(acc)
            o = pl.store(pl.exp(h), [aiv_id * 64, 0], out_0)
    return o
