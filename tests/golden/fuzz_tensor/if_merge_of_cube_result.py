# tilesplit fuzz --level tensor (seed 7, 2026-12-02, once carries and branches could start from a
# cube result): an if merging a value computed from a matmul result. infer-tile-memory-space moves
# the Acc result to Vec, and the move keeps the Acc layout (ops.md, tile.move: a Vec target keeps
# the source's layout), so the branches yield pl.TileView(fractal=1024) tiles while the if's
# result kept the plain Vec type; the printed if gives its result the then branch's type, so the
# text read back as another program (an internal error under --verify-roundtrip). The if's result
# now takes the type its then branch yields (src/transforms/type_follow.h), as a loop carry takes
# its initialiser's (loop_carry_of_cube_result).
import pypto.language as pl


@pl.function(type=pl.FunctionType.Opaque)
def main(a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32],
         c: pl.Tensor[[16, 1], pl.FP32], n: pl.Scalar[pl.INDEX],
         out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
        m = pl.matmul(a, b)
        v = pl.row_expand_div(m, c)
        if n > 1:
            y = v
        else:
            y = pl.exp(v)
        out = pl.assemble(out, y, [0, 0])
    return out
