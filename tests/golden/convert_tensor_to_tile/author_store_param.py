# An author's tile.store into an In parameter writes it as a converted assemble does: the
# parameter becomes Out (it is not read), and the orchestration parameter passed to it follows.
import pypto.language as pl
@pl.program
class AuthorStore:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], dst: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        r = pl.store(t, [0, 0], dst)
        return r
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], dst: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        r = self.k(x, dst)
        return r
