import pypto.language as pl

# A split extension (reject_row_max_over_split_axis_without_extensions is the spec's refusal): a
# row max under LEFT_RIGHT reduces the split axis. Each lane takes the max of its 32 columns
# (m_part), the two partials cross to the cube side by side (m_parts_mat, [16, 2]) and back whole
# to both lanes (split=0), which take the max of the pair, lane 0's first: the max keeps the first
# of equal elements, so this is the row max of the whole row, bit for bit.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def k(qk: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    x = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    tmp = pl.tile.create([16, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    m = pl.tile.row_max(x, tmp)
    y = pl.tile.row_expand_sub(x, m)
    o = pl.store(y, [0, 0], out)
    return o
