import pypto.language as pl

# A Graph function (a host-side task graph) is outlined from as an Orchestration function is, and
# keeps its type; one with no scope is left as it is.
@pl.program
class Layers:
    @pl.function(type=pl.FunctionType.Graph)
    def layer(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            y: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
        return y

    @pl.function(type=pl.FunctionType.Graph)
    def passthrough(self, x: pl.Scalar[pl.INT32]) -> pl.Scalar[pl.INT32]:
        return x
