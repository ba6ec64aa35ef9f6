import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def acc_loop(qk: pl.Tile[[128, 64], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 64], pl.FP32]]) -> pl.Tensor[[128, 64], pl.FP32]:
    subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    popped: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk, split=1)
    acc0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.full([64, 64], 0.0, dtype=pl.FP32)
    for i, (acc,) in pl.range(4, init_values=(acc0,)):
        nxt: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.add(acc, popped)
        acc_out: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.yield_(nxt)
    return pl.tile.store(acc_out, [0 + subblock_idx * 64, 0], out_0)
