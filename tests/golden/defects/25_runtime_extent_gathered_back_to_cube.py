import pypto.language as pl

# A runtime valid row extent n crosses to the vector side and straight back to the cube: each
# lane hands over its full half box (they abut at row 8) and the cube narrows the joined tile
# to n rows after the pop (defect 25).
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def rt_gather(n: pl.Scalar[pl.INDEX],
              qk: pl.Tile[[16, 8], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[n, 8])],
              b: pl.Tensor[[8, 8], pl.FP32], out_0: pl.Out[pl.Tensor[[16, 8], pl.FP32]]):
    x = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    g = pl.tile.move(x, target_memory=pl.Mem.Mat)
    bm = pl.load(b, [0, 0], [8, 8], target_memory=pl.Mem.Mat)
    l = pl.tile.move(g, target_memory=pl.Mem.Left)
    r = pl.tile.move(bm, target_memory=pl.Mem.Right)
    p = pl.matmul(l, r)
    return pl.store(p, [0, 0], out_0)
