# The direction of a tensor the outlined scope writes: Out when the body only writes it (a store
# updates a window in place and moves no data in), InOut when the body also reads it (through the
# store's result too, which names the same buffer) or accumulates into it (an atomic store reads
# its destination), whatever the parent declared.
import pypto.language as pl


@pl.program
class P:
    @pl.function
    def write_only(self, x: pl.Tensor[[16, 128], pl.FP32]) -> pl.Tensor[[16, 128], pl.FP32]:
        buf: pl.Tensor[[16, 128], pl.FP32] = pl.create_tensor([16, 128], dtype=pl.FP32)
        with pl.at(level=pl.Level.CORE_GROUP):
            t = pl.load(x, [0, 0], [16, 128])
            buf2 = pl.store(t, [0, 0], buf)
        return buf2

    @pl.function
    def atomic(self, a: pl.Tensor[[16, 128], pl.FP32],
               out: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            t = pl.load(a, [0, 0], [16, 128])
            out2 = pl.store(t, [0, 0], out, atomic=pl.AtomicType.Add)
        return out2

    @pl.function
    def read_back(self, a: pl.Tensor[[64, 128], pl.FP32],
                  out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            t = pl.load(a, [0, 0], [16, 128])
            out2 = pl.store(t, [0, 0], out)
            back = pl.load(out2, [32, 0], [16, 128])
            out3 = pl.store(back, [48, 0], out2)
        return out3
