import pypto.language as pl

@pl.program
class Gather:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, inp: pl.Tensor[[4, 16], pl.FP32], idx: pl.Tensor[[4, 3], pl.INT32], ret0_out: pl.Out[pl.Tensor[[4, 3], pl.FP32]]) -> pl.Tensor[[4, 3], pl.FP32]:
        inp_tile: pl.Tile[[4, 16], pl.FP32] = pl.tile.load(inp, [0, 0], [4, 16], [4, 16])
        idx_tile: pl.Tile[[4, 3], pl.INT32] = pl.tile.load(idx, [0, 0], [4, 3], [4, 3])
        out_ci_rows: pl.Tile[[1, 4], pl.INT32, pl.Mem.Vec] = pl.tile.ci(pl.const(0, pl.INT32), [1, 4], dtype=pl.INT32, descending=False)
        out_row_arange: pl.Tile[[4, 1], pl.INT32, pl.Mem.Vec] = pl.tile.reshape(out_ci_rows, [4, 1])
        out_row_base: pl.Tile[[4, 1], pl.INT32, pl.Mem.Vec] = pl.tile.muls(out_row_arange, pl.const(16, pl.INT32))
        out_flat_idx: pl.Tile[[4, 3], pl.INT32, pl.Mem.Vec] = pl.tile.row_expand_add(idx_tile, out_row_base)
        out_tmp: pl.Tile[[4, 3], pl.INT32, pl.Mem.Vec] = pl.tile.create([4, 3], dtype=pl.INT32, target_memory=pl.Mem.Vec)
        out_tile: pl.Tile[[4, 3], pl.FP32, pl.Mem.Vec] = pl.tile.gather(inp_tile, out_flat_idx, out_tmp)
        ret0_store: pl.Tensor[[4, 3], pl.FP32] = pl.tile.store(out_tile, [0, 0], ret0_out)
        return ret0_store

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, inp: pl.Tensor[[4, 16], pl.FP32], idx: pl.Tensor[[4, 3], pl.INT32]) -> pl.Tensor[[4, 3], pl.FP32]:
        ret0_out: pl.Tensor[[4, 3], pl.FP32] = pl.tensor.create([4, 3], dtype=pl.FP32)
        y: pl.Tensor[[4, 3], pl.FP32] = self.kernel(inp, idx, ret0_out)
        return y
