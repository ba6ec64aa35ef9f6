import pypto.language as pl

# A hand-written flat split_aiv kernel shards a runtime extent n and states each lane's share in
# its type. The type is right, but no split code places both lanes for every n: lane 1 starts at
# its own extent, so for n = 9 (shares 8 and 1) it read row 1 instead of row 8. Checked against a
# reference that ran lane 0 alone, this looked equal; the reference now runs both lanes, and the
# pass rejects the crossing (fuzz/flat_shard_full_box_narrowed_each_lane is the form to write).
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def f(n: pl.Scalar[pl.INDEX], acc: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc],
      out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    aiv_id: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    a2 = pl.tile.set_validshape(acc, n, 128)
    h: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec,
               pl.TileView(valid_shape=[pl.min(pl.max(n, aiv_id * 8) - aiv_id * 8, 8), 128])
              ] = pl.tile.aiv_shard(a2, split=1)
    y = pl.exp(h)
    o = pl.store(y, [aiv_id * 8, 0], out_0)
    return o
