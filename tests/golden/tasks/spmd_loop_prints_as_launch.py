import pypto.language as pl

# The printed form of a pl.spmd loop: the launch's with-form, whose body is one CORE_GROUP scope
# binding the loop variable to the block index first; it reads back as the same statement.
@pl.function(type=pl.FunctionType.Opaque)
def main(x: pl.Tensor[[64, 32], pl.FP32], out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]):
    for b in pl.spmd(4, name_hint="scale_block"):
        row = b * 16
        t = pl.slice(x, [16, 32], [row, 0])
        out = pl.assemble(out, pl.mul(t, 3.0), [row, 0])
    return out
