import pypto.language as pl

# Task ids gathered in an array by a loop and waited for at once; a scratch tensor the runtime
# does not track (manual_dep). The simulator runs the tasks in program order.
@pl.function(type=pl.FunctionType.Opaque)
def main(a: pl.Tensor[[64, 32], pl.FP32], out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]):
    scratch = pl.create_tensor([64, 32], pl.FP32, manual_dep=True)
    writers = pl.array.create(4, pl.TASK_ID)
    for i in pl.range(4):
        with pl.at(level=pl.Level.CORE_GROUP) as tid:
            t = pl.load(a, [i * 16, 0], [16, 32])
            pl.store(pl.mul(t, 2.0), [i * 16, 0], scratch)
        writers[i] = tid
    with pl.at(level=pl.Level.CORE_GROUP, deps=[writers]):
        for i in pl.range(4):
            t = pl.load(scratch, [i * 16, 0], [16, 32])
            pl.store(pl.add(t, 1.0), [i * 16, 0], out)
    return out
