import pypto.language as pl

# A runtime valid row extent n on an odd 17-row boundary. The full box travels with the odd
# code (lanes 9 and 8), the pop carries each lane's share of the box so lane 1 starts at row 9,
# and each lane is narrowed to clamp(n - 9L, 0, 9) after the pop (defect 24).
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def odd_runtime(n: pl.Scalar[pl.INDEX],
                qk: pl.Tile[[17, 16], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[n, 16])],
                out_0: pl.Out[pl.Tensor[[17, 16], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    y = pl.exp(popped)
    return pl.store(y, [0, 0], out_0)
