# Found by the libFuzzer pass harness (P2, docs/reliability.md): an explicit region over 127 valid
# rows of a 314-row Acc tile. The pass hands the gather both lanes' full half boxes; read back,
# that gather must keep the type the author's program gave the join (valid 128), not re-deduce a
# full one, or lowering the printed output again would change it.
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[314, 64], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[127, 64])],
      b: pl.Tensor[[64, 32], pl.FP32], out_0: pl.Out[pl.Tensor[[128, 32], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(acc)
        y = pl.exp(h)
        g = pl.aic_gather(y)
    left = pl.tile.move(g, target_memory=pl.Mem.Left)
    bm = pl.load(b, [0, 0], [64, 32], target_memory=pl.Mem.Mat)
    right = pl.tile.move(bm, target_memory=pl.Mem.Right)
    c = pl.matmul(left, right)
    return pl.store(c, [0, 0], out_0)
