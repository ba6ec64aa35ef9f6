import pypto.language as pl

# Checked on the simulator: outline/task_ids_become_submits (a submit computes what its call does).
@pl.function
def main(x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP) as first:
        y: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
    with pl.at(level=pl.Level.CORE_GROUP, deps=[first], allow_early_resolve=True) as second:
        z: pl.Tensor[[64], pl.FP32] = pl.mul(y, y)
    with pl.at(level=pl.Level.CORE_GROUP, deps=[first, second]):
        w: pl.Tensor[[64], pl.FP32] = pl.sub(z, y)
    return w
