# Inside the CORE_GROUP scope a tensor.scatter, converted (flat indices feeding tile.scatter,
# blended into the input) and checked equal to the tensor-level program on the seed's indices.
# (programs/scatter builds its indices in the kernel.)
import pypto.language as pl


@pl.function(type=pl.FunctionType.Opaque)
def main(inp: pl.Tensor[[4, 16], pl.FP32], idx: pl.Tensor[[4, 3], pl.INT32],
         src: pl.Tensor[[4, 3], pl.FP32],
         out: pl.Out[pl.Tensor[[4, 16], pl.FP32]]) -> pl.Tensor[[4, 16], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP):
        s = pl.tensor.scatter(inp, dim=-1, index=idx, src=src)
        out = pl.assemble(out, s, [0, 0])
    return out
