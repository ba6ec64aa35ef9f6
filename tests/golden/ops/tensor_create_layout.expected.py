import pypto.language as pl

@pl.function(type=pl.FunctionType.Orchestration)
def k(a: pl.Tensor[[16, 32], pl.FP32]) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
    t: pl.Tensor[[16, 32], pl.FP32] = pl.tensor.create([16, 32], dtype=pl.FP32)
    u: pl.Tensor[[16, 32], pl.FP32] = pl.tensor.create([16, 32], dtype=pl.FP32)
    v: pl.Tensor[[16, 32], pl.FP32] = pl.tensor.assemble(t, a, [0, 0])
    w: pl.Tensor[[16, 32], pl.FP32] = pl.tensor.assemble(u, a, [0, 0])
    return v, w
