# The orchestration function reads the tensor its kernel only writes (after the call): the
# caller's parameter becomes InOut, not Out (its values are needed), while the kernel's is Out.
import pypto.language as pl


@pl.program
class WriteThenRead:
    @pl.function(type=pl.FunctionType.InCore)
    def put(self, dst: pl.Tensor[[4], pl.FP32], val: pl.Scalar[pl.FP32]) -> pl.Scalar[pl.FP32]:
        pl.tensor.write(dst, [0], val)
        return val

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, dst: pl.Tensor[[4], pl.FP32], val: pl.Scalar[pl.FP32]) -> pl.Scalar[pl.FP32]:
        v = self.put(dst, val)
        w = pl.tensor.read(dst, [1])
        return w
