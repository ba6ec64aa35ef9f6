import pypto.language as pl

# dumps=[t] marks tensors for the runtime's selective dump: checked (each entry a tensor the
# function has bound) and dropped, as the other task-model constructs are. A mark is not a read:
# 'out', only stored into, stays an Out parameter of the outlined kernel.
@pl.program
class Dumps:
    @pl.function
    def main(self, a: pl.Tensor[[128, 128], pl.FP32], out: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="copy", dumps=[a, out]):
            t = pl.load(a, [0, 0], [128, 128])
            out = pl.store(t, [0, 0], out)
        return out
