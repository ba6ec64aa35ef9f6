import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def region_fw(a: pl.Tensor[[128, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
    for subblock_idx in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        aiv_id: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        x: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0 + subblock_idx * 64, 0], [64, 128], [64, 128], target_memory=pl.Mem.Vec)
        y: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.exp(x)
        out_1: pl.Tensor[[128, 128], pl.FP32] = pl.tile.store(y, [0 + subblock_idx * 64, 0], out_0)
    return out_1
