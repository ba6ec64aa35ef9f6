import pypto.language as pl

# golden outline/store_target_in_loop_and_branch, checked on the simulator: a written tensor read
# after its scope inside a loop and a branch; the call's value is what the branch and the loop
# yield.
@pl.program
class LoopCarry:
    @pl.function
    def main(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        for i, (acc,) in pl.range(4, init_values=(out,)):
            with pl.at(level=pl.Level.CORE_GROUP):
                t = pl.load(a, [i * 16, 0], [16, 64])
                pl.store(pl.exp(t), [i * 16, 0], acc)
            if i < 2:
                with pl.at(level=pl.Level.CORE_GROUP):
                    u = pl.load(acc, [i * 16, 0], [16, 64])
                    pl.store(pl.add(u, u), [i * 16, 0], acc)
                r = pl.yield_(acc)
            else:
                r = pl.yield_(acc)
            nxt = pl.yield_(r)
        return nxt
