import pypto.language as pl

# Reproducer 08: tile.matmul's rhs must be in Right, but a Vec tile is passed. The front end
# enforces the registry's operand spaces, so this is a located error at the call (it used to
# reach lower-auto-vector-split and end as an internal error).
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def k(a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32],
      out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    am = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
    al = pl.tile.move(am, target_memory=pl.Mem.Left)
    bv = pl.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
    s = pl.matmul(al, bv)
    return pl.store(s, [0, 0], out)
