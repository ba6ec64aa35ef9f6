import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def first(src: pl.Tensor[[1, 4, 8], pl.FP16], target: pl.Out[pl.Tensor[[2, 4, 8], pl.FP16]]) -> pl.Tensor[[2, 4, 8], pl.FP16]:
    expand_clone_input: pl.Tile[[1, 4, 8], pl.FP16] = pl.tile.load(src, [0, 0, 0], [1, 4, 8], [1, 4, 8])
    for i, (expand_clone_acc,) in pl.range(2, init_values=(target,)):
        expand_clone_d0_store: pl.Tensor[[2, 4, 8], pl.FP16] = pl.tile.store(expand_clone_input, [i, 0, 0], expand_clone_acc)
        expand_clone_d0_result: pl.Tensor[[2, 4, 8], pl.FP16] = pl.yield_(expand_clone_d0_store)
    y: pl.Tensor[[2, 4, 8], pl.FP16] = expand_clone_d0_result
    return y

@pl.function(type=pl.FunctionType.InCore)
def middle(src: pl.Tensor[[2, 1, 8], pl.FP16], target: pl.Out[pl.Tensor[[2, 4, 8], pl.FP16]]) -> pl.Tensor[[2, 4, 8], pl.FP16]:
    for i, (expand_clone_acc,) in pl.range(2, init_values=(target,)):
        expand_clone_d1_input: pl.Tile[[1, 1, 8], pl.FP16] = pl.tile.load(src, [i, 0, 0], [1, 1, 8], [1, 1, 8])
        expand_clone_d1_target: pl.Tile[[1, 4, 8], pl.FP16] = pl.tile.create([1, 4, 8], dtype=pl.FP16)
        expand_clone_d1_col: pl.Tile[[1, 4, 8], pl.FP16, pl.Mem.Vec] = pl.tile.col_expand(expand_clone_d1_target, expand_clone_d1_input)
        expand_clone_d1_store: pl.Tensor[[2, 4, 8], pl.FP16] = pl.tile.store(expand_clone_d1_col, [i, 0, 0], expand_clone_acc)
        expand_clone_d1_result: pl.Tensor[[2, 4, 8], pl.FP16] = pl.yield_(expand_clone_d1_store)
    y: pl.Tensor[[2, 4, 8], pl.FP16] = expand_clone_d1_result
    return y

@pl.function(type=pl.FunctionType.InCore)
def last(src: pl.Tensor[[2, 4, 1], pl.FP16], target: pl.Out[pl.Tensor[[2, 4, 8], pl.FP16]]) -> pl.Tensor[[2, 4, 8], pl.FP16]:
    expand_clone_input: pl.Tile[[2, 4, 1], pl.FP16] = pl.tile.load(src, [0, 0, 0], [2, 4, 1], [2, 4, 1])
    expand_clone_d2_target: pl.Tile[[2, 4, 8], pl.FP16] = pl.tile.create([2, 4, 8], dtype=pl.FP16)
    expand_clone_d2_row: pl.Tile[[2, 4, 8], pl.FP16, pl.Mem.Vec] = pl.tile.row_expand(expand_clone_d2_target, expand_clone_input)
    y: pl.Tensor[[2, 4, 8], pl.FP16] = pl.tile.store(expand_clone_d2_row, [0, 0, 0], target)
    return y
