# unknown kwarg suggestion: a misspelt keyword gets a did-you-mean note.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tensor[[16, 16], pl.FP32]):
    x = pl.load(a, [0, 0], [16, 16], target_memry=pl.Mem.Vec)
    return x
