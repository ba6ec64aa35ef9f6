import pypto.language as pl

# pl.create_tile is PyPTO's short form of tile.create (as pl.create_tensor is of tensor.create),
# with the memory space spelled pl.MemorySpace or pl.Mem; the softmax of PyPTO's tutorial uses it
# for the row reductions' scratch tiles.
@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    tile_a = pl.load(a, [0, 0], [64, 64])
    max_tmp = pl.create_tile([64, 64], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
    row_max: pl.Tile[[64, 1], pl.FP32] = pl.row_max(tile_a, max_tmp)
    shifted = pl.row_expand_sub(tile_a, row_max)
    exp_shifted = pl.exp(shifted)
    sum_tmp = pl.create_tile([64, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    row_sum: pl.Tile[[64, 1], pl.FP32] = pl.row_sum(exp_shifted, sum_tmp)
    return pl.store(pl.row_expand_div(exp_shifted, row_sum), [0, 0], out)
