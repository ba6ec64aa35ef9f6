import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def k(qk: pl.Tile[[128, 64], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 64], pl.FP32]]) -> pl.Tensor[[128, 64], pl.FP32]:
    subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    popped: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk, split=1)
    for i, (acc,) in pl.range(4, init_values=(popped,)):
        nxt: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.add(acc, popped)
        acc_out: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.yield_(nxt)
    o: pl.Tensor[[128, 64], pl.FP32] = pl.tile.store(acc_out, [0 + subblock_idx * 64, 0], out_0)
    return o
