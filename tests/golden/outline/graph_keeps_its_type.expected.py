import pypto.language as pl

@pl.program
class Layers:
    @pl.function(type=pl.FunctionType.InCore)
    def layer_incore_0(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = pl.tensor.add(x, x)
        return y

    @pl.function(type=pl.FunctionType.Graph)
    def layer(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = self.layer_incore_0(x)
        return y

    @pl.function(type=pl.FunctionType.Graph)
    def passthrough(self, x: pl.Scalar[pl.INT32]) -> pl.Scalar[pl.INT32]:
        return x
