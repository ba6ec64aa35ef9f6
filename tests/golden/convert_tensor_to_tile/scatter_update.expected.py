import pypto.language as pl

@pl.program
class RowUpdate:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, table: pl.Tensor[[16, 64], pl.FP16], src: pl.Tensor[[8, 64], pl.FP16], ret0_out: pl.Out[pl.Tensor[[16, 64], pl.FP16]]) -> pl.Tensor[[16, 64], pl.FP16]:
        table_tile: pl.Tile[[16, 64], pl.FP16] = pl.tile.load(table, [0, 0], [16, 64], [16, 64])
        src_tile: pl.Tile[[8, 64], pl.FP16] = pl.tile.load(src, [0, 0], [8, 64], [8, 64])
        seq_tile: pl.Tile[[1, 8], pl.INT32, pl.Mem.Vec] = pl.tile.ci(0, [1, 8], dtype=pl.INT32)
        rows_tile: pl.Tile[[2, 4], pl.INT32, pl.Mem.Vec] = pl.tile.reshape(seq_tile, [2, 4])
        index_tile: pl.Tile[[2, 4], pl.INT32, pl.Mem.Vec] = pl.tile.muls(rows_tile, 2)
        out_rows: pl.Tile[[8, 1], pl.INT32, pl.Mem.Vec] = pl.tile.reshape(index_tile, [8, 1])
        out_row_base: pl.Tile[[8, 1], pl.INT32, pl.Mem.Vec] = pl.tile.muls(out_rows, pl.const(64, pl.INT32))
        out_cols: pl.Tile[[1, 64], pl.INT32, pl.Mem.Vec] = pl.tile.ci(pl.const(0, pl.INT32), [1, 64], dtype=pl.INT32)
        out_zeros: pl.Tile[[8, 64], pl.INT32, pl.Mem.Vec] = pl.tile.full([8, 64], pl.const(0, pl.INT32), dtype=pl.INT32)
        out_col_grid: pl.Tile[[8, 64], pl.INT32, pl.Mem.Vec] = pl.tile.col_expand_add(out_zeros, out_cols)
        out_flat: pl.Tile[[8, 64], pl.INT32, pl.Mem.Vec] = pl.tile.row_expand_add(out_col_grid, out_row_base)
        out_flat16: pl.Tile[[8, 64], pl.INT16, pl.Mem.Vec] = pl.tile.cast(out_flat, target_type=pl.INT16, mode=0)
        out_tile: pl.Tile[[16, 64], pl.FP16, pl.Mem.Vec] = pl.tile.scatter(table_tile, src_tile, out_flat16)
        ret0_store: pl.Tensor[[16, 64], pl.FP16] = pl.tile.store(out_tile, [0, 0], ret0_out)
        return ret0_store

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, table: pl.Tensor[[16, 64], pl.FP16], src: pl.Tensor[[8, 64], pl.FP16]) -> pl.Tensor[[16, 64], pl.FP16]:
        ret0_out: pl.Tensor[[16, 64], pl.FP16] = pl.tensor.create([16, 64], dtype=pl.FP16)
        y: pl.Tensor[[16, 64], pl.FP16] = self.kernel(table, src, ret0_out)
        return y
