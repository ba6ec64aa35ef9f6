import pypto.language as pl

# `with pl.cluster()` is a placement that keeps no node (its statements join the block), an
# orchestration's `auto_scope=False` drops an implicit scope that keeps none either, and
# `level=CHIP, role=Orchestrator` without type= is an Orchestration function (docs/task-model.md).
@pl.program
class Placed:
    @pl.function(level=pl.Level.CHIP, role=pl.Role.Orchestrator, auto_scope=False)
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        with pl.cluster():
            with pl.at(level=pl.Level.CORE_GROUP):
                y = pl.add(x, 1.0)
        return y
