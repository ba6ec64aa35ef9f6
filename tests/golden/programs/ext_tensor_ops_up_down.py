# PyPTO's extra tensor-level operators in a CORE_GROUP scope split UP_DOWN: remainders, the
# scalar fill, partial add, a comparison into a bit mask and row products. Each becomes the tile
# op of its name (convert-tensor-to-tile-ops, from the records' tile forms), the split halves the
# rows, and `check` compares every output bit for bit.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Opaque)
def main(a: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[16, 64], pl.FP32],
         out: pl.Out[pl.Tensor[[16, 64], pl.FP32]], m: pl.Out[pl.Tensor[[16, 8], pl.UINT8]],
         p: pl.Out[pl.Tensor[[16, 1], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
        r = pl.rem(a, b)
        r2 = pl.rems(r, 0.5)
        e = pl.expands(a, 2.0)
        s = pl.part_add(r2, e)
        out = pl.assemble(out, s, [0, 0])
        mk = pl.cmp(a, b, cmp_type=2)
        m = pl.assemble(m, mk, [0, 0])
        pr = pl.row_prod(pl.muls(a, 0.1))
        p = pl.assemble(p, pr, [0, 0])
    return out
