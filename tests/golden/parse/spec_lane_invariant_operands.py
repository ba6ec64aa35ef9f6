# The spec's lane-invariant operand examples: a full-width scratch for row_sum and an
# index-addressed gather table.
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def reductions(v: pl.Tile[[256, 128], pl.FP32, pl.Mem.Vec],
               idx: pl.Tensor[[256, 128], pl.INT32],
               src: pl.Tile[[256, 128], pl.FP32, pl.Mem.Vec],
               tmp: pl.Tile[[256, 128], pl.FP32, pl.Mem.Vec]):
    scratch = pl.tile.create([256, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    sums = pl.tile.row_sum(v, scratch)
    indices = pl.tile.load(idx, [0, 0], [256, 128], target_memory=pl.Mem.Vec)
    picked = pl.tile.gather(src, indices, tmp)
    return sums, picked
