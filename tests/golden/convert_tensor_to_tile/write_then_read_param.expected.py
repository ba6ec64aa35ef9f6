import pypto.language as pl

@pl.program
class WriteThenRead:
    @pl.function(type=pl.FunctionType.InCore)
    def put(self, dst: pl.Out[pl.Tensor[[4], pl.FP32]], val: pl.Scalar[pl.FP32]) -> pl.Scalar[pl.FP32]:
        pl.tensor.write(dst, [0], val)
        return val

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, dst: pl.InOut[pl.Tensor[[4], pl.FP32]], val: pl.Scalar[pl.FP32]) -> pl.Scalar[pl.FP32]:
        v: pl.Scalar[pl.FP32] = self.put(dst, val)
        w: pl.Scalar[pl.FP32] = pl.tensor.read(dst, [1])
        return w
