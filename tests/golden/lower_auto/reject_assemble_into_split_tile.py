# tile.assemble's offsets address the whole target: a target the split halved is refused.
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def asm(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], p: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec],
        out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    put = pl.tile.assemble(popped, p, [96, 0])
    return pl.store(put, [0, 0], out_0)
