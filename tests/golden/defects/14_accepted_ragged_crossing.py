import pypto.language as pl

# 25 valid rows of a 32-row crossing next to a full-box load: the box partition gives lanes 16
# and 9, which no code places, so the crossing transports the full box (16 and 16) and narrows
# each lane after the pop (defect 14).
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def rag(qk: pl.Tile[[32, 16], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[25, 16])],
        bias: pl.Tensor[[32, 16], pl.FP32], out_0: pl.Out[pl.Tensor[[32, 16], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    b = pl.load(bias, [0, 0], [32, 16], target_memory=pl.Mem.Vec)
    s = pl.add(popped, b)
    return pl.store(s, [0, 0], out_0)
