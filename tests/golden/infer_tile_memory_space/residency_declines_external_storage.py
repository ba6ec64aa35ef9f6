# The same marked bridge load, but the caller passes its own parameter: two parameters may alias
# (the out it writes among them), so nothing proves the storage read-only and the load stays in
# the loop; the missed remark says why. The marker is stripped all the same.
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        lhs: pl.Tensor[[16, 128], pl.BF16],
        rhs: pl.Tensor[[128, 128], pl.BF16],
        out: pl.Out[pl.Tensor[[16, 128], pl.FP32]],
    ) -> pl.Tensor[[16, 128], pl.FP32]:
        for n in pl.range(0, 2, 1):
            lhs_mat = pl.tile.load(
                lhs, [0, 0], [16, 128], target_memory=pl.Mem.Mat,
                attrs={"__compiler_tensor_to_tile_mat_bridge": True},
            )
            rhs_mat = pl.tile.load(rhs, [0, 0], [128, 128], target_memory=pl.Mem.Mat)
            lhs_left = pl.tile.move(lhs_mat, target_memory=pl.Mem.Left)
            rhs_right = pl.tile.move(rhs_mat, target_memory=pl.Mem.Right)
            c = pl.tile.matmul(lhs_left, rhs_right)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        lhs: pl.Tensor[[16, 128], pl.BF16],
        rhs: pl.Tensor[[128, 128], pl.BF16],
        out: pl.Out[pl.Tensor[[16, 128], pl.FP32]],
    ) -> pl.Tensor[[16, 128], pl.FP32]:
        result = self.kernel(lhs, rhs, out)
        return result
