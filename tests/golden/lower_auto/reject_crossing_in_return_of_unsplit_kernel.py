import pypto.language as pl

# A mixed kernel the split pass accepts as written (no split mode) returns a crossing: no one
# side can run the return. The pass checks what expand-mixed-kernel refuses directly, with the
# expansion's own rules (pass::CheckExpandable), and reports it here rather than a stage late.
@pl.function(type=pl.FunctionType.InCore)
def k(acc: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    v = pl.tile.move(acc, target_memory=pl.Mem.Vec)
    o = pl.store(v, [0, 0], out_0)
    return pl.tile.move(acc, target_memory=pl.Mem.Vec)
