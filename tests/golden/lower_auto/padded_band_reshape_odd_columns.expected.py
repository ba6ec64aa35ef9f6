import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT, "split_aiv": True})
def r(qk: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], t: pl.Tensor[[2, 136], pl.FP32], out_0: pl.Out[pl.Tensor[[16, 16], pl.FP32]], out_1: pl.Out[pl.Tensor[[16, 17], pl.FP32]]) -> pl.Tensor[[16, 17], pl.FP32]:
    subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    v: pl.Tile[[16, 8], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk, split=2)
    x: pl.Tile[[2, 68], pl.FP32, pl.Mem.Vec] = pl.tile.load(t, [0, 0 + subblock_idx * 68], [2, 68], [2, 68], target_memory=pl.Mem.Vec)
    x_whole_mat: pl.Tile[[2, 136], pl.FP32, pl.Mem.Mat] = pl.tile.aic_gather(x, split=2)
    x_whole: pl.Tile[[2, 136], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(x_whole_mat, split=0)
    rs_full: pl.Tile[[16, 17], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(x_whole, [16, 17])
    rs_padded: pl.Tile[[16, 18], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.zero)] = pl.tile.fillpad_expand(rs_full, [16, 18])
    rs: pl.Tile[[16, 9], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, pl.min(pl.max(17, subblock_idx * 9) - subblock_idx * 9, 9)], pad=pl.PadValue.zero)] = pl.tile.slice(rs_padded, [16, 9], [0, subblock_idx * 9], [16, pl.min(pl.max(17, subblock_idx * 9) - subblock_idx * 9, 9)])
    s: pl.Tile[[16, 9], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, pl.min(pl.max(17, subblock_idx * 9) - subblock_idx * 9, 9)])] = pl.tile.muls(rs, 2.0)
    o0: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(v, [0, 0 + subblock_idx * 8], out_0)
    o1: pl.Tensor[[16, 17], pl.FP32] = pl.tile.store(s, [0, 0 + subblock_idx * 9], out_1)
    return o1
