# A program that communicates between ranks converts (distributed_remote_store), but neither
# `run` nor `check` runs it: the simulator models one core group of one rank. Both refuse it
# before running anything, located at the first such call, not at a later one nor as a no-op.
import pypto.language as pl


@pl.program
class Push:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        x: pl.Tensor[[16, 64], pl.FP32],
        dst: pld.DistributedTensor[[16, 64], pl.FP32],
        sig: pld.DistributedTensor[[2, 1], pl.INT32],
        y: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    ) -> pl.Tensor[[16, 64], pl.FP32]:
        scaled = pl.add(x, x)
        pld.tensor.remote_store(scaled, dst, 1, [0, 0])
        signal = pld.tensor.barrier(sig)
        y = pl.assemble(y, scaled, [0, 0])
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[16, 64], pl.FP32],
        dst: pld.DistributedTensor[[16, 64], pl.FP32],
        sig: pld.DistributedTensor[[2, 1], pl.INT32],
        y: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    ) -> pl.Tensor[[16, 64], pl.FP32]:
        y = self.kernel(x, dst, sig, y)
        return y
