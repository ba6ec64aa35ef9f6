import pypto.language as pl

# Calls between the functions of a program: as an assignment value, a statement and a returned
# value; the callee may be defined after its caller; several results arrive as a tuple.
@pl.program
class Calls:
    @pl.function
    def main(a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        r: pl.Tensor[[16, 16], pl.FP32] = self.double(a, out)
        pair: pl.Tuple[pl.Tensor[[16, 16], pl.FP32], pl.Scalar[pl.INDEX]] = self.both(r, 3)
        n = pair[1]
        self.touch(pair[0], n)
        return self.double(a, out)

    @pl.function(type=pl.FunctionType.InCore)
    def double(x: pl.Tensor[[16, 16], pl.FP32], o: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
        return pl.store(pl.add(t, t), [0, 0], o)

    @pl.function
    def both(x: pl.Tensor[[16, 16], pl.FP32], k: pl.Scalar[pl.INDEX]) -> tuple[pl.Tensor[[16, 16], pl.FP32], pl.Scalar[pl.INDEX]]:
        return x, k + 1

    @pl.function
    def touch(x: pl.Tensor[[16, 16], pl.FP32], k: pl.Scalar[pl.INDEX]):
        return
