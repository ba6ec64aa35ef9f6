import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
    tile_a: pl.Tile[[64, 64], pl.FP32] = pl.tile.load(a, [0, 0], [64, 64], [64, 64])
    max_tmp: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.create([64, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    row_max: pl.Tile[[64, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_max(tile_a, max_tmp)
    shifted: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_sub(tile_a, row_max)
    exp_shifted: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.exp(shifted)
    sum_tmp: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.create([64, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    row_sum: pl.Tile[[64, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_sum(exp_shifted, sum_tmp)
    return pl.tile.store(pl.tile.row_expand_div(exp_shifted, row_sum), [0, 0], out)
