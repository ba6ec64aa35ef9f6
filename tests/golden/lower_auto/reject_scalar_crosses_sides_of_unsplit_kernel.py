import pypto.language as pl

# A mixed kernel the split pass accepts as written (no split mode) computes a scalar on the vector
# side (a read of a Vec tile) and uses it on the cube side (a load address): only tiles cross
# between the sides. The pass checks what expand-mixed-kernel refuses directly, the sides' closure
# included, and reports it here rather than a stage late.
@pl.function(type=pl.FunctionType.InCore)
def k(t: pl.Tensor[[16, 16], pl.FP32], out_0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    v = pl.load(t, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
    x = pl.read(v, [0, 0])
    i = pl.cast(x, pl.INDEX)
    m = pl.load(t, [i, 0], [16, 16], target_memory=pl.Mem.Mat)
    ml = pl.tile.move(m, target_memory=pl.Mem.Left)
    mr = pl.tile.move(m, target_memory=pl.Mem.Right)
    p = pl.matmul(ml, mr)
    return pl.store(p, [0, 0], out_0)
