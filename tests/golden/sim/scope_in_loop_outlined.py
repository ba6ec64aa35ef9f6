import pypto.language as pl

# A CORE_GROUP scope inside a loop of the parent: each iteration calls the outlined kernel with
# the loop variable as an argument, and the kernel's AUTO split halves its vector work.
@pl.function
def blocks(a: pl.Tensor[[64, 32], pl.FP32], b: pl.Tensor[[32, 48], pl.FP32],
           out: pl.Out[pl.Tensor[[64, 48], pl.FP32]]):
    for i in pl.range(2):
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="block_core",
                   optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            am = pl.load(a, [i * 32, 0], [32, 32], target_memory=pl.Mem.Mat)
            bm = pl.load(b, [0, 0], [32, 48], target_memory=pl.Mem.Mat)
            al = pl.tile.move(am, target_memory=pl.Mem.Left)
            br = pl.tile.move(bm, target_memory=pl.Mem.Right)
            p = pl.matmul(al, br)
            pv = pl.tile.move(p, target_memory=pl.Mem.Vec)
            y = pl.exp(pv)
            o = pl.store(y, [i * 32, 0], out)
    return out
