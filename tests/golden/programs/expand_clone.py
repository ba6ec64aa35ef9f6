# tensor.expand_clone in kernels: the input broadcast along its unit axis into the target, which
# it writes (the first axis: the input stored at each index; the middle axis of rank 3: a column
# expansion per index of the first; the last axis: one row expansion of the whole), checked equal
# to the tensor-level program in FP16 and FP32, rank 2 and 3.
import pypto.language as pl


@pl.program
class Expand:
    @pl.function(type=pl.FunctionType.InCore)
    def first(
        self, src: pl.Tensor[[1, 4, 8], pl.FP16], target: pl.Tensor[[2, 4, 8], pl.FP16]
    ) -> pl.Tensor[[2, 4, 8], pl.FP16]:
        y = pl.expand_clone(src, target)
        return y

    @pl.function(type=pl.FunctionType.InCore)
    def middle(
        self, src: pl.Tensor[[2, 1, 8], pl.FP32], target: pl.Tensor[[2, 4, 8], pl.FP32]
    ) -> pl.Tensor[[2, 4, 8], pl.FP32]:
        y = pl.expand_clone(src, target)
        return y

    @pl.function(type=pl.FunctionType.InCore)
    def last(
        self, src: pl.Tensor[[2, 4, 1], pl.FP32], target: pl.Tensor[[2, 4, 8], pl.FP32]
    ) -> pl.Tensor[[2, 4, 8], pl.FP32]:
        y = pl.expand_clone(src, target)
        return y

    @pl.function(type=pl.FunctionType.InCore)
    def rows_2d(
        self, src: pl.Tensor[[16, 1], pl.FP16], target: pl.Tensor[[16, 32], pl.FP16]
    ) -> pl.Tensor[[16, 32], pl.FP16]:
        y = pl.expand_clone(src, target)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        a: pl.Tensor[[1, 4, 8], pl.FP16],
        b: pl.Tensor[[2, 1, 8], pl.FP32],
        c: pl.Tensor[[2, 4, 1], pl.FP32],
        d: pl.Tensor[[16, 1], pl.FP16],
        ta: pl.Out[pl.Tensor[[2, 4, 8], pl.FP16]],
        tb: pl.Out[pl.Tensor[[2, 4, 8], pl.FP32]],
        tc: pl.Out[pl.Tensor[[2, 4, 8], pl.FP32]],
        td: pl.Out[pl.Tensor[[16, 32], pl.FP16]],
    ) -> pl.Tensor[[2, 4, 8], pl.FP32]:
        ta = self.first(a, ta)
        tb = self.middle(b, tb)
        tc = self.last(c, tc)
        td = self.rows_2d(d, td)
        return tc
