import pypto.language as pl

# (a + b) @ w with no split. In the split file lane 1 replays the AIV body without its push, so
# the cube's pop waits for a lane that never pushes: the replay must keep every handshake.
@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32], w: pl.Tensor[[16, 16], pl.FP32],
      out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    at = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
    bt = pl.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
    s = pl.add(at, bt)
    sm = pl.tile.move(s, target_memory=pl.Mem.Mat)
    sl = pl.tile.move(sm, target_memory=pl.Mem.Left)
    wm = pl.load(w, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
    wr = pl.tile.move(wm, target_memory=pl.Mem.Right)
    p = pl.matmul(sl, wr)
    pv = pl.tile.move(p, target_memory=pl.Mem.Vec)
    e = pl.exp(pv)
    return pl.store(e, [0, 0], out)
