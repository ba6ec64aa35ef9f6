# The spec's vector->cube snippet wrapped in a function: the gather doubles the per-lane half and
# the cube placement move keeps the FULL Mat shape.
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def v2c(v: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec]) -> pl.Tile[[128, 128], pl.FP32, pl.Mem.Mat]:
    # `v` is the per-lane HALF the affinity gate produced, e.g. [64, 128].
    gathered_mat: pl.Tile[[128, 128], pl.FP32, pl.Mem.Mat] = pl.tile.aic_gather(v, split=1)
    gathered:     pl.Tile[[128, 128], pl.FP32, pl.Mem.Mat] = pl.tile.move(gathered_mat,
                                                                          target_memory=pl.Mem.Mat)
    return gathered
