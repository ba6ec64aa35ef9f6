# Inside the CORE_GROUP scope a tensor.gather: its lowering (a flat index tile feeding
# tile.gather) is not written yet, so the record declares no tile form and the call is refused.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Opaque)
def main(inp: pl.Tensor[[4, 16], pl.FP32], idx: pl.Tensor[[4, 3], pl.INT32],
         out: pl.Out[pl.Tensor[[4, 3], pl.FP32]]) -> pl.Tensor[[4, 3], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP):
        g = pl.tensor.gather(inp, dim=-1, index=idx)
        out = pl.assemble(out, g, [0, 0])
    return out
