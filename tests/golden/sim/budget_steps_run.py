import pypto.language as pl

# A finite loop longer than the step budget given on the command line: `run` stops it at the
# statement being executed, naming --max-steps (exit 1).
@pl.function(type=pl.FunctionType.InCore)
def count(a: pl.Tensor[[16, 16], pl.FP32], out_0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    x = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
    for i in pl.range(100):
        pl.store(x, [0, 0], out_0)
    return out_0
