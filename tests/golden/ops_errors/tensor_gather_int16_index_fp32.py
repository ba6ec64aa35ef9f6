# tensor gather with an INT16 index of a 32-bit input: the call below is rejected (an INT16 index
# addresses only a 16-bit input).
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def main(inp: pl.Tensor[[4, 16], pl.FP32], idx: pl.Tensor[[4, 3], pl.INT16]):
    g = pl.tensor.gather(inp, dim=-1, index=idx)
    return g
