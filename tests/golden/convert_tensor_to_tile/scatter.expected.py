import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def kernel(inp: pl.Tensor[[16, 8], pl.FP32], idx: pl.Tensor[[4, 8], pl.INT32], src: pl.Tensor[[4, 8], pl.FP32], ret0_out: pl.Out[pl.Tensor[[16, 8], pl.FP32]]) -> pl.Tensor[[16, 8], pl.FP32]:
    inp_tile: pl.Tile[[16, 8], pl.FP32] = pl.tile.load(inp, [0, 0], [16, 8], [16, 8])
    idx_tile: pl.Tile[[4, 8], pl.INT32] = pl.tile.load(idx, [0, 0], [4, 8], [4, 8])
    src_tile: pl.Tile[[4, 8], pl.FP32] = pl.tile.load(src, [0, 0], [4, 8], [4, 8])
    out_ci_rows: pl.Tile[[1, 4], pl.INT32, pl.Mem.Vec] = pl.tile.ci(pl.const(0, pl.INT32), [1, 4], dtype=pl.INT32, descending=False)
    out_row_arange: pl.Tile[[4, 1], pl.INT32, pl.Mem.Vec] = pl.tile.reshape(out_ci_rows, [4, 1])
    out_row_base: pl.Tile[[4, 1], pl.INT32, pl.Mem.Vec] = pl.tile.muls(out_row_arange, pl.const(8, pl.INT32))
    out_flat_idx: pl.Tile[[4, 8], pl.INT32, pl.Mem.Vec] = pl.tile.row_expand_add(idx_tile, out_row_base)
    out_values_base: pl.Tile[[16, 8], pl.FP32, pl.Mem.Vec] = pl.tile.full([16, 8], 0.0, dtype=pl.FP32)
    out_values: pl.Tile[[16, 8], pl.FP32, pl.Mem.Vec] = pl.tile.scatter(out_values_base, src_tile, out_flat_idx)
    out_ones: pl.Tile[[4, 8], pl.FP32, pl.Mem.Vec] = pl.tile.full([4, 8], 1.0, dtype=pl.FP32)
    out_mask_base: pl.Tile[[16, 8], pl.FP32, pl.Mem.Vec] = pl.tile.full([16, 8], 0.0, dtype=pl.FP32)
    out_mask: pl.Tile[[16, 8], pl.FP32, pl.Mem.Vec] = pl.tile.scatter(out_mask_base, out_ones, out_flat_idx)
    out_untouched: pl.Tile[[16, 1], pl.UINT8, pl.Mem.Vec] = pl.tile.cmps(out_mask, 0.0, cmp_type=0)
    out_sel_tmp: pl.Tile[[16, 8], pl.FP32, pl.Mem.Vec] = pl.tile.create([16, 8], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    out_tile: pl.Tile[[16, 8], pl.FP32, pl.Mem.Vec] = pl.tile.sel(out_untouched, inp_tile, out_values, out_sel_tmp)
    ret0_store: pl.Tensor[[16, 8], pl.FP32] = pl.tile.store(out_tile, [0, 0], ret0_out)
    return ret0_store
