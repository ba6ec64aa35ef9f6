import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
    x: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
    acc: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = x
    for i, (acc_1,) in pl.unroll(2, init_values=(acc,)):
        acc_2: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.add(acc_1, x)
        acc_3: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.yield_(acc_2)
    return pl.tile.store(acc_3, [0, 0], out)
