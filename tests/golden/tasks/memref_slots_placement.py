import pypto.language as pl

# A tile placed in one of two slots of a named allocation (double buffering): placement is the
# memory planner's, so the program computes what it would without it (docs/task-model.md).
@pl.function(type=pl.FunctionType.Opaque)
def main(a: pl.Tensor[[64, 32], pl.FP32], out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        for i in pl.range(4):
            tile: pl.Tile[[16, 32], pl.FP32, pl.MemRef("ub", slots=2)[i % 2], pl.Mem.Vec] = pl.load(
                a, [i * 16, 0], [16, 32], target_memory=pl.Mem.Vec)
            pl.store(pl.exp(tile), [i * 16, 0], out)
    return out
