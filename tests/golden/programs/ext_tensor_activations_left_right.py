# Tensor-level forms of tile ops (issue 35: `pl.relu` on a tensor was refused with a tile-level
# message): relu, leaky and parametric ReLU and the ternary adds on tensors in a CORE_GROUP
# scope split LEFT_RIGHT; each becomes the tile op of its name and `check` compares every
# output bit for bit.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Opaque)
def main(a: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[16, 64], pl.FP32],
         out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.LEFT_RIGHT)]):
        u = pl.relu(a)
        l = pl.lrelu(b, 0.25)
        p = pl.prelu(pl.sub(a, b), l)
        t = pl.addc(u, p, a)
        s = pl.subsc(t, 0.5, b)
        out = pl.assemble(out, s, [0, 0])
    return out
