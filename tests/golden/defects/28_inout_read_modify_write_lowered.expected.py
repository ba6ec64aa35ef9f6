import pypto.language as pl

@pl.program
class Accumulate:
    @pl.function(type=pl.FunctionType.AIV)
    def main_incore_0(self, out: pl.InOut[pl.Tensor[[16, 32], pl.FP32]], x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        out_tile: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(out, [0, 0], [16, 32], [16, 32])
        x_tile: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 32], [16, 32])
        t__tmp_v0_tile: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.add(out_tile, x_tile)
        out_store: pl.Tensor[[16, 32], pl.FP32] = pl.tile.store(t__tmp_v0_tile, [0, 0], out)
        out_tile_1: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.assemble(out_tile, t__tmp_v0_tile, [0, 0])
        return out_store

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], out: pl.InOut[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        out_1: pl.Tensor[[16, 32], pl.FP32] = self.main_incore_0(out, x)
        return out_1
