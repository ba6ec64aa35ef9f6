import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def k(qk: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], data: pl.Tensor[[16, 16], pl.FP32], out_0: pl.Out[pl.Tensor[[16, 32], pl.INT16]]) -> pl.Tensor[[16, 32], pl.INT16]:
    for subblock_idx in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        seed: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk)
        load: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(data, [0 + subblock_idx * 8, 0], [8, 16], [8, 16], target_memory=pl.Mem.Vec)
        prev: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.add(load, seed)
        bits: pl.Tile[[8, 32], pl.INT16, pl.Mem.Vec] = pl.tile.reinterpret_view(prev, [8, 32], dtype=pl.INT16)
        o: pl.Tensor[[16, 32], pl.INT16] = pl.tile.store(bits, [0 + subblock_idx * 8, 0], out_0)
    return o
