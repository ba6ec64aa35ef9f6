# tensor.create's layout: pl.TensorLayout.ND, the layout of every created tensor, is the same
# call as no layout (PyPTO writes it at the call sites it makes), so it prints without it.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def k(a: pl.Tensor[[16, 32], pl.FP32]):
    t = pl.create_tensor([16, 32], dtype=pl.FP32, layout=pl.TensorLayout.ND)
    u = pl.tensor.create([16, 32], dtype=pl.FP32)
    v = pl.assemble(t, a, [0, 0])
    w = pl.assemble(u, a, [0, 0])
    return v, w
