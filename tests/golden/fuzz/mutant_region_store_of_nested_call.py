import pypto.language as pl

# Found by `tilesplit fuzz --mutate tests/golden --strict`: a region stores a call nested in its
# operand, pl.store(pl.exp(h), ...). The side of a call was read from its first tile *variable*
# only (ops.md 4.4 skips nested calls), so the store counted as SHARED, was copied to the cube
# too, and expand-mixed-kernel rejected the cube's use of the vector tile h. A call's side now
# includes the calls nested in its operands, so the store is vector work and runs on the lanes.
@pl.function
def attn(acc: pl.Tile[[2, 2], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[2, 2], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="attn_incore",
               optimizations=[pl.cross_core_slot(slot_num=1)]):
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            h = pl.aiv_shard(acc)
            o = pl.store(pl.exp(h), [aiv_id * 1, 0], out_0)
    return o
