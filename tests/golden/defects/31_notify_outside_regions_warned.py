# A notify outside every region of a split_aiv function runs on both lanes. The spec accepts it,
# so the pass lowers it (exit 0), with a located warning at the notify naming the fix.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(a: pl.Tensor[[128, 128], pl.FP32], sig: pl.Tensor[[8], pl.UINT32],
      out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    pld.system.notify(sig, 1, [0], 1, op=0)
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        x = pl.load(a, [0, 0], [128, 128], target_memory=pl.Mem.Vec)
        y = pl.exp(x)
        o = pl.store(y, [0, 0], out_0)
    return o
