# tensor.gather along axis 0: only the last axis is lowered.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def k(inp: pl.Tensor[[4, 16], pl.FP32], idx: pl.Tensor[[4, 3], pl.INT32],
      fidx: pl.Tensor[[4, 3], pl.FP32], src: pl.Tensor[[4, 2], pl.FP32]):
    y = pl.tensor.gather(inp, dim=0, index=idx)
    return y
