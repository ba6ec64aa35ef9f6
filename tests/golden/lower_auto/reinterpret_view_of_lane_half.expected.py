import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def ri(qk: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], a: pl.Tensor[[16, 16], pl.FP32], out_0: pl.Out[pl.Tensor[[16, 32], pl.INT16]], out_1: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> tuple[pl.Tensor[[16, 32], pl.INT16], pl.Tensor[[16, 16], pl.FP32]]:
    for subblock_idx in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        popped: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk)
        x: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0 + subblock_idx * 8, 0], [8, 16], [8, 16], target_memory=pl.Mem.Vec)
        s: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.add(popped, x)
        t: pl.Tile[[8, 32], pl.INT16, pl.Mem.Vec] = pl.tile.reinterpret_view(x, dtype=pl.INT16)
        o: pl.Tensor[[16, 32], pl.INT16] = pl.tile.store(t, [0 + subblock_idx * 8, 0], out_0)
        o1: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(s, [0 + subblock_idx * 8, 0], out_1)
    return o, o1
