import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def t(qk: pl.Tile[[16, 15], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[15, 16], pl.FP32]]) -> pl.Tensor[[15, 16], pl.FP32]:
    subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    v: pl.Tile[[8, 15], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk, split=1)
    v_whole: pl.Tile[[16, 15], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk, split=0)
    tt_full: pl.Tile[[15, 16], pl.FP32, pl.Mem.Vec, pl.TileView(slayout=pl.TileLayout.col_major, fractal=1024)] = pl.tile.transpose_view(v_whole)
    tt_padded: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.zero)] = pl.tile.fillpad_expand(tt_full, [16, 16])
    tt: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[pl.min(pl.max(15, subblock_idx * 8) - subblock_idx * 8, 8), 16], pad=pl.PadValue.zero)] = pl.tile.slice(tt_padded, [8, 16], [subblock_idx * 8, 0], [pl.min(pl.max(15, subblock_idx * 8) - subblock_idx * 8, 8), 16])
    e: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[pl.min(pl.max(15, subblock_idx * 8) - subblock_idx * 8, 8), 16], slayout=pl.TileLayout.col_major, fractal=1024)] = pl.tile.exp(tt)
    return pl.tile.store(e, [0 + subblock_idx * 8, 0], out_0)
