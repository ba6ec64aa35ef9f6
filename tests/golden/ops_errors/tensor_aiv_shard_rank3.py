# tensor aiv shard of a rank-3 tensor on a split axis: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def k(x: pl.Tensor[[2, 64, 128], pl.FP32]):
    y = pl.tensor.aiv_shard(x, split=1)
    return y
