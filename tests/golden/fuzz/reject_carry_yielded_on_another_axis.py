import pypto.language as pl

# Found by `tilesplit fuzz --seed 105` (case 1410): under LEFT_RIGHT the round trip of a tile
# through a flat reshape leaves it halved on rows (the reshape moved the split axis), and a loop
# carry starts from it; the body adds the tile itself, halved on columns, so the whole-operand
# add keeps a band of columns and the backedge fed the carry another per-lane type (the printed
# form did not parse back: exit 3). Refused, located at the yield.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def kernel(qk: pl.Tile[[32, 16], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[32, 16], pl.FP32]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    flat = pl.tile.reshape(v, [1, 512])
    back = pl.tile.reshape(flat, [32, 16])
    for i, (acc,) in pl.range(2, init_values=(back,)):
        nx = pl.tile.add(acc, v)
        r = pl.yield_(nx)
    return pl.store(r, [0, 0], out)
