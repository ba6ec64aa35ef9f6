# tilesplit fuzz --level tensor (seed 7, 2026-12-02, with loop carries allowed to start from a
# parameter): a parameter carried through a loop unchanged, then added to itself after the loop.
# The add reads the loop's result, not the carry, so convert-tensor-to-tile-ops did not load the
# parameter ("tensor.add: tensor operand 0 was not converted to a tile", internal). A carry whose
# result, or a plain alias of it, is read as a tile is now loaded at entry.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Opaque)
def main(a0: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP):
        for i in pl.range(0, 2):
            a0 = a0
        y = pl.add(a0, a0)
        out = pl.assemble(out, y, [0, 0])
    return out
