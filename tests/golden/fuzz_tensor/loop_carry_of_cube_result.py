# tilesplit fuzz --level tensor (seed 7, 2026-12-02): a matmul result carried through a loop and
# accumulated on the vector side (PyPTO's c += a @ b in blocks, turned around). check finds the
# split equal to the program as written (this case), but infer-tile-memory-space's output does not
# read back: the Acc result moved to Vec for the carry gets the layout of an Acc -> Vec move
# (pl.TileView(fractal=1024)), while the loop's iter arg keeps the plain Vec type, and the printed
# loop gives the iter arg its initialiser's type. OPEN (docs/reliability.md, "Open defects"): the
# fuzzer's runner, which verifies the round trip after infer-tile-memory-space, reports it as an
# internal error; this case keeps the semantics checked until the types are fixed.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Opaque)
def main(a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32],
         c: pl.Tensor[[32, 16], pl.FP32],
         out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
        m = pl.matmul(a, b)
        for i in pl.range(0, 2):
            x = pl.slice(c, [16, 16], [i * 16, 0])
            m = pl.add(m, x)
        out = pl.assemble(out, m, [0, 0])
    return out
