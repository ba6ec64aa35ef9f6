# tensor scatter update along the last axis: the call below is rejected (it writes whole rows).
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def main(table: pl.Tensor[[16, 64], pl.FP16], idx: pl.Tensor[[2, 4], pl.INT32],
         src: pl.Tensor[[8, 64], pl.FP16]):
    u = pl.tensor.scatter_update(table, -1, idx, src)
    return u
