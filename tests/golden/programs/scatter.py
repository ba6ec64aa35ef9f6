# tensor.scatter through the whole pipeline, checked against the reference: the flat indices of
# the gather, src scattered into a zero tile and ones into another, the input kept where no source
# element landed. FP32 and INT32 data with INT32 indices, FP16 data with an INT16 index (the
# 2-byte scatter's width); the indices are built in the kernel (columns 0..11 and 15..4, inside
# each 16-wide row).
import pypto.language as pl


@pl.program
class Scatters:
    @pl.function(type=pl.FunctionType.InCore)
    def single(
        self, inp: pl.Tensor[[4, 16], pl.FP32], src: pl.Tensor[[4, 3], pl.FP32]
    ) -> pl.Tensor[[4, 16], pl.FP32]:
        seq = pl.tensor.ci(0, [1, 12], dtype=pl.INT32)
        idx = pl.reshape(seq, [4, 3])
        out = pl.tensor.scatter(inp, dim=-1, index=idx, src=src)
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def ints(
        self, inp: pl.Tensor[[4, 16], pl.INT32], src: pl.Tensor[[4, 3], pl.INT32]
    ) -> pl.Tensor[[4, 16], pl.INT32]:
        seq = pl.tensor.ci(15, [1, 12], dtype=pl.INT32, descending=True)
        idx = pl.reshape(seq, [4, 3])
        out = pl.tensor.scatter(inp, dim=-1, index=idx, src=src)
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def half(
        self, inp: pl.Tensor[[4, 16], pl.FP16], src: pl.Tensor[[4, 3], pl.FP16]
    ) -> pl.Tensor[[4, 16], pl.FP16]:
        seq = pl.tensor.ci(15, [1, 12], dtype=pl.INT16, descending=True)
        idx = pl.reshape(seq, [4, 3])
        out = pl.tensor.scatter(inp, dim=-1, index=idx, src=src)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        a: pl.Tensor[[4, 16], pl.FP32],
        sa: pl.Tensor[[4, 3], pl.FP32],
        b: pl.Tensor[[4, 16], pl.INT32],
        sb: pl.Tensor[[4, 3], pl.INT32],
        h: pl.Tensor[[4, 16], pl.FP16],
        sh: pl.Tensor[[4, 3], pl.FP16],
    ) -> tuple[pl.Tensor[[4, 16], pl.FP32], pl.Tensor[[4, 16], pl.INT32], pl.Tensor[[4, 16], pl.FP16]]:
        x = self.single(a, sa)
        y = self.ints(b, sb)
        z = self.half(h, sh)
        return x, y, z
