import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def multi(a: pl.Tensor[[128, 64], pl.FP32], b: pl.Tensor[[64, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[128, 64], pl.FP32]], out_1: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> tuple[pl.Tensor[[128, 64], pl.FP32], pl.Tensor[[64, 128], pl.FP32]]:
    for subblock_idx in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        x: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0 + subblock_idx * 64, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        y: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.exp(x)
        r0: pl.Tensor[[128, 64], pl.FP32] = pl.tile.store(y, [0 + subblock_idx * 64, 0], out_0)
    for subblock_idx_1 in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
        u: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(b, [0, 0 + subblock_idx_1 * 64], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        w: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.add(u, u)
        r1: pl.Tensor[[64, 128], pl.FP32] = pl.tile.store(w, [0, 0 + subblock_idx_1 * 64], out_1)
    return r0, r1
