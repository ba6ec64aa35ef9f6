import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def cube_to_vector(a: pl.Tensor[[64, 32], pl.FP32], b: pl.Tensor[[32, 48], pl.FP32], c: pl.Tensor[[64, 48], pl.FP32], out: pl.Out[pl.Tensor[[64, 48], pl.FP32]]) -> pl.Tensor[[64, 48], pl.FP32]:
    subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    am: pl.Tile[[64, 32], pl.FP32, pl.Mem.Mat] = pl.tile.load(a, [0, 0], [64, 32], [64, 32], target_memory=pl.Mem.Mat)
    bm: pl.Tile[[32, 48], pl.FP32, pl.Mem.Mat] = pl.tile.load(b, [0, 0], [32, 48], [32, 48], target_memory=pl.Mem.Mat)
    al: pl.Tile[[64, 32], pl.FP32, pl.Mem.Left] = pl.tile.move(am, target_memory=pl.Mem.Left)
    br: pl.Tile[[32, 48], pl.FP32, pl.Mem.Right] = pl.tile.move(bm, target_memory=pl.Mem.Right)
    p: pl.Tile[[64, 48], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(al, br)
    pv: pl.Tile[[32, 48], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(p, split=1)
    cv: pl.Tile[[32, 48], pl.FP32, pl.Mem.Vec] = pl.tile.load(c, [subblock_idx * 32, 0], [32, 48], [32, 48], target_memory=pl.Mem.Vec)
    y: pl.Tile[[32, 48], pl.FP32, pl.Mem.Vec] = pl.tile.add(cv, pv)
    return pl.tile.store(y, [subblock_idx * 32, 0], out)
