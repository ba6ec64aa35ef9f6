import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def nested(a: pl.Tensor[[128, 128], pl.FP32], n: pl.Scalar[pl.INDEX], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]], out_1: pl.Out[pl.Tensor[[128, 128], pl.FP32]], out_2: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> tuple[pl.Tensor[[128, 128], pl.FP32], pl.Tensor[[128, 128], pl.FP32], pl.Tensor[[128, 128], pl.FP32]]:
    for i in pl.range(4):
        for subblock_idx in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            x: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0 + subblock_idx * 64, 0], [64, 128], [64, 128], target_memory=pl.Mem.Vec)
            y: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.exp(x)
            pl.tile.store(y, [0 + subblock_idx * 64, 0], out_0)
    if n > 0:
        for subblock_idx_1 in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
            u: pl.Tile[[128, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0 + subblock_idx_1 * 64], [128, 64], [128, 64], target_memory=pl.Mem.Vec)
            v: pl.Tile[[128, 64], pl.FP32, pl.Mem.Vec] = pl.tile.neg(u)
            pl.tile.store(v, [0, 0 + subblock_idx_1 * 64], out_1)
    while n > 4:
        for _ in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            p: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [128, 128], [128, 128], target_memory=pl.Mem.Vec)
            q: pl.Tile[[128, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_sum(p, p)
            pl.tile.store(q, [0, 0], out_2)
    return out_0, out_1, out_2
