import pypto.language as pl

# Found by `tilesplit fuzz --count 3000 --seed 41` once the generator drew its ops from the
# registry (case 1101, shrunk by hand): a transpose_view of a [2, 1] value the split halves on its
# rows. The result's split axis has extent 1, so the pass kept the call whole with its full-width
# type [1, 2], while its operand became the lane's [1, 1] half: the printed output did not read
# back (an internal error of --verify-roundtrip). The pass now rejects it like any call whose
# per-lane result contradicts the operator's deduction.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def kernel(q1: pl.Tile[[2, 1], pl.FP32, pl.Mem.Mat], out17: pl.Out[pl.Tensor[[2, 1], pl.FP32]]):
    v0 = pl.tile.move(q1, target_memory=pl.Mem.Vec)
    e15 = pl.tile.transpose_view(v0)
    o18 = pl.store(v0, [0, 0], out17)
    return o18
