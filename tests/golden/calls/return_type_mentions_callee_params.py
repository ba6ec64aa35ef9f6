import pypto.language as pl

# The callee's return type mentions its own parameter n (the valid rows of the tile it returns);
# at the call that extent is the caller's argument k, so the caller's value is typed with k (the
# CallsValid property, which outlining requires, agrees).
@pl.program
class Extents:
    @pl.function
    def main(a: pl.Tensor[[16, 16], pl.FP32], k: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
        r: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[k, 16])] = self.rows(t, k)
        return pl.store(r, [0, 0], out)

    @pl.function
    def rows(t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec], n: pl.Scalar[pl.INDEX]) -> pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[n, 16])]:
        return pl.tile.set_validshape(t, n, 16)
