# tensor.gather through the whole pipeline, checked against the reference: FP32 with an INT32
# index, and FP16 with an INT16 one (widened for the flat-index arithmetic, narrowed back); the
# indices are built in the kernel (columns 0..11 and 15..4, inside each 16-wide row).
import pypto.language as pl


@pl.program
class Gathers:
    @pl.function(type=pl.FunctionType.InCore)
    def single(self, inp: pl.Tensor[[4, 16], pl.FP32]) -> pl.Tensor[[4, 3], pl.FP32]:
        seq = pl.tensor.ci(0, [1, 12], dtype=pl.INT32)
        idx = pl.reshape(seq, [4, 3])
        out = pl.tensor.gather(inp, dim=-1, index=idx)
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def half(self, inp: pl.Tensor[[4, 16], pl.FP16]) -> pl.Tensor[[4, 3], pl.FP16]:
        seq = pl.tensor.ci(15, [1, 12], dtype=pl.INT16, descending=True)
        idx = pl.reshape(seq, [4, 3])
        out = pl.tensor.gather(inp, dim=-1, index=idx)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[4, 16], pl.FP32], h: pl.Tensor[[4, 16], pl.FP16]) -> tuple[pl.Tensor[[4, 3], pl.FP32], pl.Tensor[[4, 3], pl.FP16]]:
        x = self.single(a)
        y = self.half(h)
        return x, y
