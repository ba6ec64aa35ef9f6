import pypto.language as pl

# Found by the split_pass libFuzzer harness (P1): in an explicit region, a call nested in an operand
# (add(add(h, s), s)) over a shard of an odd 127-row box kept its pre-lowering type, and the printed
# form, typed again by the parser, read back different. Nested calls are typed again from their
# operands, and carry their operand's lane extent.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[127, 128], pl.FP32, pl.Mem.Acc], v: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec],
      out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(acc)
        s = pl.tile.slice(v, [64, 128], [aiv_id * 64, 0])
        y4 = pl.add(pl.add(h, s), s)
        o = pl.store(y4, [aiv_id * 64, 0], out_0)
    return o
