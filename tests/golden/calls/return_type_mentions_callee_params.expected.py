import pypto.language as pl

@pl.program
class Extents:
    @pl.function
    def main(self, a: pl.Tensor[[16, 16], pl.FP32], k: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        r: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[k, 16])] = self.rows(t, k)
        return pl.tile.store(r, [0, 0], out)

    @pl.function
    def rows(self, t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec], n: pl.Scalar[pl.INDEX]) -> pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[n, 16])]:
        return pl.tile.set_validshape(t, n, 16)
