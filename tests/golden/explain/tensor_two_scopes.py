# Two scopes (PyPTO's staged form) and an Inline function: the op of the inlined body is traced to
# its line in 'scale'; the second kernel's entry load of 'acc' stands where main defines 'acc' (the
# matmul's statement) yet is not the matmul's; each statement's core is read from its own kernel.
import pypto.language as pl


@pl.program
class Staged:
    @pl.function(type=pl.FunctionType.Inline)
    def scale(self, x: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        y = pl.mul(x, 2.0)
        return y

    @pl.function(type=pl.FunctionType.Opaque)
    def main(self, a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16],
             out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="cube_only"):
            acc = pl.matmul(a, b, out_dtype=pl.FP32)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="vector_only"):
            s = self.scale(acc)
            out[:] = s
        return out
