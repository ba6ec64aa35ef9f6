import pypto.language as pl

# A tensor a scope writes in place (a bare pl.store) and the parent reads after it comes back from
# the call: the kernel returns the parameter it wrote, and the parent reads the returned value.
# Two scopes writing one tensor chain (the second is passed the first's value); a scope inside a
# loop whose later statements do not read the tensor returns nothing, and the statement after the
# loop reads the tensor itself (the value bound in the loop is not defined there).
@pl.program
class StoreTargets:
    @pl.function
    def main(self, x: pl.Tensor[[16, 128], pl.FP32], out: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
        buf: pl.Tensor[[16, 128], pl.FP32] = pl.create_tensor([16, 128], dtype=pl.FP32)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="fill"):
            zero = pl.tile.full([16, 128], dtype=pl.FP32, value=0.0)
            pl.store(zero, [0, 0], buf)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="add_x"):
            b = pl.load(buf, [0, 0], [16, 128])
            t = pl.load(x, [0, 0], [16, 128])
            pl.store(pl.add(b, t), [0, 0], buf)
        for i in pl.range(2):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="copy"):
                c = pl.load(buf, [0, 0], [16, 128])
                pl.store(c, [0, 0], out)
        result: pl.Tensor[[16, 128], pl.FP32] = pl.add(buf, out)
        return result
