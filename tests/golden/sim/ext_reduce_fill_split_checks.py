import pypto.language as pl

# Row products, a padding fill of a ragged tile and partial arithmetic under a row split: each
# lane multiplies its own rows, pads past its own valid rows and combines two valid regions of
# its own rows, so the split checks equal.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def k(qk: pl.Tile[[64, 128], pl.FP32, pl.Mem.Acc], b: pl.Tensor[[64, 128], pl.FP32],
      out_0: pl.Out[pl.Tensor[[64, 1], pl.FP32]], out_1: pl.Out[pl.Tensor[[64, 128], pl.FP32]],
      out_2: pl.Out[pl.Tensor[[64, 128], pl.FP32]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    y = pl.load(b, [0, 0], [64, 128], [40, 100], target_memory=pl.Mem.Vec)
    small = pl.tile.muls(v, 0.01)
    tmp = pl.tile.create([64, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    p = pl.tile.row_prod(small, tmp)
    f = pl.tile.fillpad(y, pad_value=pl.PadValue.min)
    a = pl.tile.part_add(v, y)
    o0 = pl.store(p, [0, 0], out_0)
    o1 = pl.store(f, [0, 0], out_1)
    o2 = pl.store(a, [0, 0], out_2)
    return o0, o1, o2
