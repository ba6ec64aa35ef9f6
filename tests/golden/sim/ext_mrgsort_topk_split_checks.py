import pypto.language as pl

# A top-k in TMRGSORT's pairs under a row split of a one-row kernel: sort32 sorts each
# 32-column block into value-index pairs, the single-list sort (block_len=64 elements: 32 pairs)
# merges each group of four blocks, and the merge of two lists joins both rows of pairs. The
# lists' split axis is a singleton, so each lane runs the whole; the split checks equal.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def topk(qk: pl.Tile[[1, 128], pl.FP32, pl.Mem.Acc], b: pl.Tensor[[1, 128], pl.FP32],
         out_0: pl.Out[pl.Tensor[[1, 512], pl.FP32]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    w = pl.tile.load(b, [0, 0], [1, 128], target_memory=pl.Mem.Vec)
    idx = pl.tile.arange(0, [1, 128], dtype=pl.UINT32)
    pv = pl.tile.sort32(v, idx)
    pw = pl.tile.sort32(w, idx)
    sv = pl.tile.mrgsort(pv, block_len=64)
    sw = pl.tile.mrgsort(pw, block_len=64)
    tmp = pl.tile.create([1, 512], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    m = pl.tile.mrgsort(sv, sw, tmp)
    return pl.store(m, [0, 0], out_0)
