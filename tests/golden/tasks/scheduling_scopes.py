import pypto.language as pl

# Scheduling constructs of the task model: ring scopes, a manual scope, a task id, deps= and
# no_dep_args=. None changes the result; each is checked where it is written.
@pl.function(type=pl.FunctionType.Opaque)
def main(a: pl.Tensor[[32, 32], pl.FP32], out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]):
    with pl.scope():
        with pl.at(level=pl.Level.CORE_GROUP, no_dep_args=[out]) as first:
            out = pl.assemble(out, pl.mul(a, 2.0), [0, 0])
        with pl.scope(mode=pl.ScopeMode.AUTO):
            with pl.at(level=pl.Level.CORE_GROUP, deps=[first]):
                out = pl.assemble(out, pl.add(out, 1.0), [0, 0])
    with pl.manual_scope():
        with pl.at(level=pl.Level.CORE_GROUP):
            out = pl.assemble(out, pl.exp(out), [0, 0])
    return out
