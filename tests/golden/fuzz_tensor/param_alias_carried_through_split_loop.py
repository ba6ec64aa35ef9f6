# A tensor parameter aliased (acc = a0) and carried through a loop of vector ops: the alias reads
# the parameter, so its entry load is made (it was an internal error: 'tensor operand 0 was
# not converted to a tile'). Found by fuzz --level tensor; here split, with a matmul in the loop.
import pypto.language as pl


@pl.program
class Carry:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(self, a0: pl.Tensor[[16, 32], pl.FP32], x: pl.Tensor[[16, 32], pl.FP32], w: pl.Tensor[[32, 32], pl.FP32],
             out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            acc = a0
            for i in pl.range(3):
                acc = pl.add(acc, pl.matmul(x, w))
            out = pl.assemble(out, acc, [0, 0])
        return out
