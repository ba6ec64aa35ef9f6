# The mask-pattern gather and scatter (pto-isa TGATHER / TSCATTER mask forms; mask_pattern 1..7 is
# P0101, P1010, P0001, P0010, P0100, P1000, P1111): PyPTO's gather / scatter with mask_pattern=.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def tiles(x: pl.Tensor[[8, 64], pl.FP32], out: pl.Out[pl.Tensor[[8, 64], pl.FP32]]):
    t = pl.load(x, [0, 0], [8, 64])
    every_fourth = pl.tile.gather(t, mask_pattern=6)
    d = pl.tile.create([8, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    spread = pl.tile.scatter_mask(every_fourth, d, mask_pattern=6)
    return pl.store(spread, [0, 0], out)


@pl.function(type=pl.FunctionType.Opaque)
def tensors(x: pl.Tensor[[8, 64], pl.FP16], d: pl.Tensor[[8, 128], pl.FP16]) -> pl.Tensor[[8, 128], pl.FP16]:
    halves = pl.tensor.gather_mask(x, mask_pattern=2)
    back = pl.tensor.scatter(halves, mask_pattern=3, dst=d)
    return back
