import pypto.language as pl

# No function type implies level HOST: the pair is refused where it is written.
@pl.program
class Hosted:
    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        return x
