# Inside the CORE_GROUP scope (an InCore kernel once outlined) a tensor op without a tile form:
# tensor.write of a tensor the kernel computed (tile.write does not exist).
import pypto.language as pl


@pl.function(type=pl.FunctionType.Opaque)
def main(a: pl.Tensor[[16, 32], pl.FP32],
         out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP):
        y = pl.exp(a)
        z = pl.tensor.write(y, [0, 0], 1.0)
        out = pl.assemble(out, z, [0, 0])
    return out
