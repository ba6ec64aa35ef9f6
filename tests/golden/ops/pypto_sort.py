# PyPTO's sort32 (sort_ops.cpp): the value-index pairs of each 32-column block, tile- and
# tensor-level.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def tiles(s: pl.Tile[[8, 64], pl.FP32, pl.Mem.Vec], i: pl.Tile[[8, 64], pl.UINT32, pl.Mem.Vec],
          row: pl.Tile[[1, 64], pl.UINT32, pl.Mem.Vec], h: pl.Tile[[8, 64], pl.FP16, pl.Mem.Vec]):
    p0 = pl.tile.sort32(s, i)
    p1 = pl.tile.sort32(s, row)
    ragged = pl.tile.set_validshape(s, 8, 40)
    tmp = pl.tile.create([8, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    p2 = pl.tile.sort32(ragged, i, tmp)
    p3 = pl.tile.sort32(h, i)
    return p0, p1, p2, p3


@pl.function(type=pl.FunctionType.Orchestration)
def tensors(s: pl.Tensor[[16, 32], pl.FP32], i: pl.Tensor[[1, 32], pl.UINT32]):
    p = pl.sort32(s, i)
    return p
