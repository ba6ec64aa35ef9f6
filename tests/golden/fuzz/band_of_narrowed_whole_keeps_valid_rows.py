# Found by `tilesplit fuzz --level all --seed 109` (case 782), a miscompile: the split extensions
# computed the tile.sel whole on both lanes (its mask does not halve) and sliced each lane's band
# of it, but the slice stated no valid shape, so the band of a tile with n valid rows was valid in
# full; the col_prod then multiplied the undefined row n and stored poison where the reference
# stored data. The band now states its lane's part of the valid extents ([n, 2]).
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def kernel(n: pl.Scalar[pl.INDEX], q3: pl.Tile[[4, 4], pl.FP32, pl.Mem.Mat, pl.TileView(valid_shape=[n, 4])], t5: pl.Tensor[[4, 1], pl.UINT8], f14: pl.Scalar[pl.FP32], t20: pl.Tensor[[4, 4], pl.FP32], out28: pl.Out[pl.Tensor[[1, 4], pl.FP32]], out30: pl.Out[pl.Tensor[[4, 4], pl.FP32]]):
    v2: pl.Tile[[4, 4], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[n, 4])] = pl.tile.move(q3, target_memory=pl.Mem.Vec)
    mk4 = pl.load(t5, [0, 0], [4, 1], target_memory=pl.Mem.Vec)
    tmp6 = pl.tile.create([4, 4], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    se7 = pl.tile.sel(mk4, v2, v2, tmp6)
    red10 = pl.tile.col_prod(se7)
    e15 = pl.tile.subs(red10, f14)
    e19 = pl.tile.sqrt(e15)
    x21 = pl.load(t20, [0, 0], [4, 4], target_memory=pl.Mem.Vec)
    rd22 = pl.read(x21, [1, 1])
    s23 = pl.add(e19, rd22)
    o29 = pl.store(s23, [0, 0], out28)
    o31 = pl.store(se7, [0, 0], out30)
    return o31
