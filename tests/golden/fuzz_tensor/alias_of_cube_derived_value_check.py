# tilesplit fuzz --level tensor (seed 7, shrunk): `acc = v` of a vector value computed from a
# matmul result. infer-tile-memory-space moves the Acc result to Vec, and the values computed from
# it take the layout of that move (pl.TileView(fractal=1024)); the alias kept its old plain Vec
# type, so its printed annotation read back as a different program. A variable bound to a value
# whose type the pass changed now follows it, as one bound to a rebuilt call already did.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def main(a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32],
         out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
        m = pl.matmul(a, b)
        v = pl.subs(m, 2.0)
        acc = v
        out = pl.assemble(out, acc, [0, 0])
    return out
