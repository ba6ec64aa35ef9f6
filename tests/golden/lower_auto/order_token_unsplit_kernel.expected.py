import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.NONE})
def waw(a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32], x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
    am: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.load(a, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Mat)
    bm: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.load(b, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Mat)
    l: pl.Tile[[16, 16], pl.FP32, pl.Mem.Left] = pl.tile.move(am, target_memory=pl.Mem.Left)
    r: pl.Tile[[16, 16], pl.FP32, pl.Mem.Right] = pl.tile.move(bm, target_memory=pl.Mem.Right)
    p: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(l, r)
    o1: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(p, [0, 0], out)
    v: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
    e: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.exp(v)
    order_token_mat: pl.Tile[[1, 8], pl.FP32, pl.Mem.Mat] = pl.tile.create([1, 8], dtype=pl.FP32, target_memory=pl.Mem.Mat)
    order_token: pl.Tile[[1, 8], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)] = pl.tile.move(order_token_mat, target_memory=pl.Mem.Vec)
    o2: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(e, [0, 0], o1)
    return o2
