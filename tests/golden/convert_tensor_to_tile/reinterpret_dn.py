# A DN tensor's bytes run down its columns: a tile cannot view them as another dtype.
import pypto.language as pl


@pl.program
class Dn:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[8, 16], pl.FP32, pl.TensorView(layout=pl.TensorLayout.DN)]
               ) -> pl.Tensor[[16, 16], pl.INT16]:
        y = pl.tensor.reinterpret_view(x, dtype=pl.INT16)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[8, 16], pl.FP32, pl.TensorView(layout=pl.TensorLayout.DN)]
             ) -> pl.Tensor[[16, 16], pl.INT16]:
        r = self.kernel(x)
        return r
