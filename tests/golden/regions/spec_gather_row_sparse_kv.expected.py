import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def sparse_kv(idx: pl.Tensor[[128], pl.INT32], pool: pl.Tensor[[4096, 512], pl.BF16], q: pl.Tile[[16, 128], pl.BF16, pl.Mem.Left], out: pl.Out[pl.Tensor[[16, 512], pl.FP32]]) -> pl.Tensor[[16, 512], pl.FP32]:
    for aiv in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        ub: pl.Tile[[64, 512], pl.BF16, pl.Mem.Vec] = pl.tile.full([64, 512], 0.0, dtype=pl.BF16)
        for k, (ub_1,) in pl.range(64, init_values=(ub,)):
            src: pl.Scalar[pl.INDEX] = pl.cast(pl.tensor.read(idx, [aiv * 64 + k]), pl.INDEX)
            ub_2: pl.Tile[[64, 512], pl.BF16, pl.Mem.Vec] = pl.tile.gather_row(ub_1, pool, [k, 0], [src, 0], [1, 512])
            ub_3: pl.Tile[[64, 512], pl.BF16, pl.Mem.Vec] = pl.yield_(ub_2)
        kv: pl.Tile[[128, 512], pl.BF16, pl.Mem.Mat] = pl.tile.aic_gather(ub_3)
    kv_r: pl.Tile[[128, 512], pl.BF16, pl.Mem.Right] = pl.tile.move(kv, target_memory=pl.Mem.Right)
    o: pl.Tile[[16, 512], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(q, kv_r)
    return pl.tile.store(o, [0, 0], out)
