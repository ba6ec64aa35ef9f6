import pypto.language as pl

# Found by tilesplit fuzz --mutate --strict (seed 1, case 7503, a mutant of a sels golden case):
# a 14-row bit mask halved on its own rows selects in a 2-row data tile halved on its rows, so
# lane 1 took mask row 7 for its data row 1 (check: DIFFERENT). Mask row r selects in data row
# r: the pass rejects a mask whose box on the split axis differs from the data's.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def s(qk: pl.Tile[[2, 1], pl.FP32, pl.Mem.Acc], m: pl.Tensor[[14, 14], pl.UINT8],
      out_0: pl.Out[pl.Tensor[[14, 1], pl.FP32]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    raw = pl.tile.load(m, [0, 0], [14, 14], target_memory=pl.Mem.Vec)
    mask = pl.tile.muls(raw, 1)
    tmp = pl.tile.create([14, 1], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    y = pl.tile.sels(mask, v, tmp, -1.0)
    return pl.store(y, [0, 0], out_0)
