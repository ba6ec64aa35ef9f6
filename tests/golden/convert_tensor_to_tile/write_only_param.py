# A kernel that only writes a parameter (tensor.write, an assemble into it) makes it Out, and the
# orchestration parameter passed straight to it follows: Out when nothing else uses it there.
# A kernel that reads the parameter too makes it InOut, and so the caller's (`acc`).
import pypto.language as pl


@pl.program
class WriteOnly:
    @pl.function(type=pl.FunctionType.InCore)
    def put(self, dst: pl.Tensor[[4], pl.FP32], val: pl.Scalar[pl.FP32]) -> pl.Scalar[pl.FP32]:
        pl.tensor.write(dst, [0], val)
        return val

    @pl.function(type=pl.FunctionType.InCore)
    def fill(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Tensor[[16, 64], pl.FP32],
             acc: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        y = pl.add(x, acc)
        r = pl.assemble(out, y, [0, 0])
        s = pl.assemble(acc, y, [0, 0])
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, dst: pl.Tensor[[4], pl.FP32], val: pl.Scalar[pl.FP32],
             x: pl.Tensor[[16, 64], pl.FP32], out: pl.Tensor[[16, 64], pl.FP32],
             acc: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        v = self.put(dst, val)
        r = self.fill(x, out, acc)
        return r
