# tensor.random (the tensor form of tile.random) in a CORE_GROUP scope: lowered to tile.random,
# run on both sides of `check` with the same keys and counters, so the split program's values
# equal the reference's.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Opaque)
def main(a: pl.Tensor[[16, 32], pl.INT32],
         out: pl.Out[pl.Tensor[[16, 32], pl.INT32]]) -> pl.Tensor[[16, 32], pl.INT32]:
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.NONE)]):
        r = pl.tensor.random(7, 9, 0, 1, 2, 3, [16, 32], dtype=pl.INT32)
        s = pl.add(r, a)
        out = pl.assemble(out, s, [0, 0])
    return out
