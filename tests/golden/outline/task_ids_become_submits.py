import pypto.language as pl

# A scope that names its task (`as tid`) or waits for others (deps=) is outlined to a submitted
# call: its results, then the task's id, which the scope's variable is bound to; deps carry over.
@pl.function
def main(x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP) as first:
        y: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
    with pl.at(level=pl.Level.CORE_GROUP, deps=[first], allow_early_resolve=True) as second:
        z: pl.Tensor[[64], pl.FP32] = pl.mul(y, y)
    with pl.at(level=pl.Level.CORE_GROUP, deps=[first, second]):
        w: pl.Tensor[[64], pl.FP32] = pl.sub(z, y)
    return w
